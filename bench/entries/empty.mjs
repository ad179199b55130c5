// Baseline for the cold-import measurement: what importing any ES module costs in a fresh process.
export {};
