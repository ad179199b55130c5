import { describe, expect, it } from 'vitest';
import { normalizeAddress } from '../../src/bcs/index.js';
import { formatMoveType, parseMoveType, type TypeTag } from '../../src/move/index.js';
import { FRAMEWORK_LAYOUTS } from '../../src/node-json/framework-layout-table.js';
import { STAKING_AND_TOKEN_LAYOUTS } from '../../src/node-json/framework-layout-table-staking.js';
import { frameworkStruct } from '../../src/node-json/framework-layouts.js';
import { layoutOf } from '../../src/node-json/move-layouts.js';
import { abiRegistry, type MoveModuleJson } from '../../src/submission/index.js';
import { goldens, walk } from './goldens.js';

// Every embedded layout parses, and compiles with every struct it names found among the embedded
// ones (no registry ABIs): a typo in a type or a missing struct fails here.

describe('embedded framework layouts', () => {
  const abis = abiRegistry([], { framework: false });
  const entries = [FRAMEWORK_LAYOUTS, STAKING_AND_TOKEN_LAYOUTS].flatMap((t) =>
    Object.entries(t).flatMap(([id, structs]) => Object.keys(structs).map((name) => ({ id, name }))),
  );

  it('cover the resources and events of ordinary transactions', () => {
    const names = new Set(entries.map((e) => `${e.id}::${e.name}`));
    for (const n of [
      '0x1::account::Account', '0x1::coin::CoinStore', '0x1::coin::CoinDeposit', '0x1::fungible_asset::FungibleStore',
      '0x1::fungible_asset::Deposit', '0x1::fungible_asset::Withdraw', '0x1::object::ObjectCore', '0x1::transaction_fee::FeeStatement',
      '0x1::block::NewBlockEvent', '0x1::reconfiguration::NewEpochEvent', '0x1::stake::StakePool', '0x1::delegation_pool::DelegationPool',
      '0x1::multisig_account::MultisigAccount', '0x1::code::PackageRegistry', '0x4::token::Token', '0x4::collection::Collection',
    ]) expect(names.has(n), n).toBe(true);
    expect(entries.length).toBeGreaterThan(200);
  });

  it('each parses and compiles against the embedded layouts alone', () => {
    for (const { id, name } of entries) {
      const [address, module] = id.split('::');
      const def = frameworkStruct(normalizeAddress(address), module, name)!;
      expect(def, `${id}::${name}`).toBeDefined();
      const tag: TypeTag = {
        $kind: 'struct',
        value: { address: normalizeAddress(address), module, name, typeArgs: Array.from({ length: def.typeParamCount }, () => ({ $kind: 'u8' as const })) },
      };
      expect(() => layoutOf(tag, abis), `${id}::${name}`).not.toThrow();
    }
  });
});

describe('embedded layouts against the module ABIs in the node goldens', () => {
  it('every embedded struct that a golden module declares has its fields, types and type parameter count', () => {
    const abis = new Map<string, MoveModuleJson>();
    for (const g of goldens()) {
      walk(g.json, (o) => {
        const abi = (o.data as { abi?: MoveModuleJson } | undefined)?.abi;
        if (o.type === 'write_module' && abi && typeof abi === 'object') abis.set(`${abi.address}::${abi.name}`, abi);
      });
    }
    let compared = 0;
    for (const table of [FRAMEWORK_LAYOUTS, STAKING_AND_TOKEN_LAYOUTS]) {
      for (const [id, structs] of Object.entries(table)) {
        const abi = abis.get(id);
        if (!abi) continue;
        for (const name of Object.keys(structs)) {
          const golden = abi.structs.find((s) => s.name === name);
          if (!golden) continue;
          const [address, module] = id.split('::');
          const def = frameworkStruct(normalizeAddress(address), module, name)!;
          expect(def.typeParamCount, `${id}::${name}`).toBe(golden.generic_type_params.length);
          expect(def.fields!.map((f) => `${f.name}: ${formatMoveType(f.type)}`), `${id}::${name}`).toEqual(
            golden.fields.map((f) => `${f.name}: ${formatMoveType(parseMoveType(f.type))}`),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(80);
  });
});
