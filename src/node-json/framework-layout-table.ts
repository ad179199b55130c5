// Struct layouts of the 0x1 (aptos-framework, move-stdlib), 0x3 (aptos-token) and 0x4
// (aptos-token-objects) resources and events an ordinary transaction touches, written from
// aptos-core aptos-move/framework/*/sources/*.move (each module names its file). Move's upgrade
// rules keep a published struct's layout fixed, so these hold for every version of a module.
// Format: see framework-layouts.ts.

export const FRAMEWORK_LAYOUTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // move-stdlib/sources/string.move (String is also written as a JSON string by the API)
  '0x1::string': { String: 'bytes:vector<u8>' },
};
