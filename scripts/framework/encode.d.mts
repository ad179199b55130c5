// Types of encode.mjs, for the tests.
export interface EncodedTypeParam { phantom: boolean; constraints: string[] }
export interface EncodedField { name: string; type: string }
export function typeParamsText(params: EncodedTypeParam[]): string;
export function structLine(s: {
  name: string;
  isEnum: boolean;
  isEvent: boolean;
  isNative: boolean;
  abilities: string[];
  params: EncodedTypeParam[];
  fields: EncodedField[] | null;
  variants?: { name: string; fields: EncodedField[] }[] | null;
}): string;
export function functionLine(f: {
  name: string;
  visibility: 'public' | 'friend' | 'private';
  isEntry: boolean;
  isView: boolean;
  params: EncodedTypeParam[];
  args: string[];
  results: string[];
}): string;
