import type { Command } from '../run.js';
import { decodeCommand } from './decode.js';
import { decodeRequestCommand } from './decode-request.js';
import { encodeCommand, signingMessageCommand } from './encode.js';
import { encodeSubmissionCommand } from './encode-submission.js';
import { example } from './example.js';
import { examplesCommand } from './examples.js';
import { renderCommand, verifyJsonCommand } from './node-json.js';
import { serveCommand } from './serve.js';
import { signCommand } from './sign.js';
import { exportCommand, importCommand } from './store.js';
import { submitCommand } from './submit.js';
import { typeTagCommand } from './type-tag.js';

/** Every subcommand, in help order. Add a command by importing it and listing it here. */
export const commands: Record<string, Command> = {
  'encode-submission': encodeSubmissionCommand,
  example,
  examples: examplesCommand,
  'type-tag': typeTagCommand,
  decode: decodeCommand,
  'decode-request': decodeRequestCommand,
  encode: encodeCommand,
  'signing-message': signingMessageCommand,
  serve: serveCommand,
  import: importCommand,
  export: exportCommand,
  sign: signCommand,
  submit: submitCommand,
  render: renderCommand,
  'verify-json': verifyJsonCommand,
};
