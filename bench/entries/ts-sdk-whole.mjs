export * from '@aptos-labs/ts-sdk';
