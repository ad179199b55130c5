// Types of move-source.mjs, for the tests.
export type SourceType =
  | { kind: 'ref'; mut: boolean; to: SourceType }
  | { kind: 'fn'; args: SourceType[]; results: SourceType[]; abilities: string[] }
  | { kind: 'tuple'; items: SourceType[] }
  | { kind: 'name'; path: string[]; args: SourceType[] };
export interface SourceTypeParam { name: string; phantom: boolean; constraints: string[] }
export interface SourceField { name: string | null; position?: number; type: SourceType }
export interface SourceStruct {
  name: string;
  isEnum: boolean;
  isEvent: boolean;
  isNative: boolean;
  params: SourceTypeParam[];
  abilities: string[];
  fields: SourceField[] | null;
  variants: { name: string; fields: SourceField[] }[] | null;
}
export interface SourceFunction {
  name: string;
  params: SourceTypeParam[];
  args: { name: string; type: SourceType }[];
  results: SourceType[];
  visibility: 'public' | 'friend' | 'private';
  isEntry: boolean;
  isView: boolean;
  isNative: boolean;
}
export interface SourceUse { kind: 'module' | 'member'; address: string; module: string; name?: string; alias: string }
export interface SourceModule { address: string; name: string; uses: SourceUse[]; structs: SourceStruct[]; functions: SourceFunction[]; testOnly: boolean }
export function tokenize(text: string, file: string): string[];
export function parseFile(text: string, file: string): SourceModule[];
