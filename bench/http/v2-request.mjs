// The encode_submission request both HTTP benches send: fixtures' V2, a transfer entry function
// (bench/http/run.mjs checks the answer against its signing message; instructions.mjs counts the
// server's instructions for it).
export const V2_REQUEST = JSON.stringify({
  sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
  sequence_number: '7',
  max_gas_amount: '200000',
  gas_unit_price: '100',
  expiration_timestamp_secs: '1700000000',
  payload: { type: 'entry_function_payload', function: '0x1::aptos_account::transfer', type_arguments: [], arguments: ['0xb0', '1000'] },
});
