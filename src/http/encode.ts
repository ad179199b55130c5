import { parseRequestBody, parseRequestBodySliced, type AbiRegistry } from '../submission/index.js';
import {
  compiledCallMessageBody,
  encodeRequestAsync,
  parseSubmissionRequest,
  requestMessageBody,
  requestTextSliced,
  SLICED_PARSE_THRESHOLD,
  verifyPayload,
} from '../submission/internal.js';
import { bodyText, declaredLength, joinPieces, piecesLength, readPieces } from './body.js';
import { TOO_LARGE, type BodyPieces, type Exchange, type HandlerConfig, type MaybeReply, type Reply } from './exchange.js';
import { acceptKind } from './params.js';
import { Later, type LaterReader } from './later.js';
import { errorReply, failureReply, isPromise, jsonContentTypeError, jsonReply, payloadTooLarge } from './responses.js';

/** The handler's ABIs; `sync` when the registry has no asynchronous resolver to ask. */
export interface HandlerAbis {
  registry: AbiRegistry;
  sync: boolean;
}

// POST /transactions/encode_submission, in the node's order (api/src/check_size.rs `PostSizeLimit`,
// then poem-openapi's body extraction, then api/src/transactions.rs `encode_submission` and
// `get_signing_message`): size limit, content type, JSON and its fields, verify(), enabled, Accept,
// conversion.

export function encodeSubmissionRoute(
  ex: Exchange,
  cfg: HandlerConfig,
  abis: HandlerAbis,
  chainId: number,
  headers: Record<string, string>,
): MaybeReply {
  const declared = declaredLength(ex.header('content-length'));
  if (declared !== undefined && declared > cfg.maxBodyBytes) return payloadTooLarge(headers);
  const typeError = jsonContentTypeError(ex.header('content-type'));
  // Thrown, as every route's ApiError: the handler answers it (responses.ts `failureReply`).
  if (typeError !== undefined) throw typeError;
  // The body as it is held (the node adapter's blocks): a large one is joined only by its parse,
  // in its turn, so the bodies waiting for a turn are never copied whole.
  // From the node adapter, the rest runs in the body's end event and its reply is written from
  // there (later.ts): no promise hop between the socket's last byte and the reply's write.
  const call = new EncodeCall(ex, cfg, abis, chainId, headers);
  if (ex.readBodyPiecesLater === undefined) return readPieces(ex, cfg.maxBodyBytes).then((pieces) => encodeBody(call, pieces));
  ex.readBodyPiecesLater(cfg.maxBodyBytes).read(call);
  return call.reply;
}

/**
 * One request's route: what the steps after its body share, and (from the node adapter) the reader
 * of its body that makes its reply, a Later that never fails: a failure is answered here as the
 * handler answers a route's (`failureReply`). One object a request and its Later, no closures and
 * no derived class (each `super()` was a runtime call a request: issue 32, perf).
 */
class EncodeCall implements LaterReader<BodyPieces> {
  readonly reply = new Later<Reply>();
  constructor(
    readonly ex: Exchange,
    readonly cfg: HandlerConfig,
    readonly abis: HandlerAbis,
    readonly chainId: number,
    readonly headers: Record<string, string>,
  ) {}
  ok(pieces: BodyPieces): void {
    let r: Reply | Promise<Reply>;
    try {
      r = encodeBody(this, pieces);
    } catch (e) {
      r = failureReply(e, this.headers);
    }
    this.reply.resolve(isPromise(r) ? r.then(undefined, (e: unknown) => failureReply(e, this.headers)) : r);
  }
  fail(e: unknown): void {
    this.reply.resolve(failureReply(e, this.headers));
  }
}

/**
 * The route after its body was read: parse, checks and conversion. ApiErrors thrown are answered by
 * the handler, or by `EncodeCall` when the body came as a Later.
 */
function encodeBody(call: EncodeCall, pieces: BodyPieces): Reply | Promise<Reply> {
  const { ex, cfg, headers } = call;
  if (pieces === TOO_LARGE) return payloadTooLarge(headers);
  const size = piecesLength(pieces);
  // A large body is parsed in slices, one such body at a time, so it cannot hold up other requests
  // for its whole parse.
  // A body whose request was abandoned (connection closed, or shed by the server's budget) is dropped
  // unparsed, or its parse stops at the next slice.
  const gone = ex.abandoned?.();
  if (gone !== undefined) throw gone;
  if (size > SLICED_PARSE_THRESHOLD) {
    // Bound only here: a function made per request cost the small ones ~100 instructions (issue 32).
    const abandoned = ex.abandoned?.bind(ex);
    return cfg
      .largeBodies(
        async () => {
          const stop = abandoned?.();
          if (stop !== undefined) throw stop;
          const { text, invalidAt } = await requestTextSliced(pieces);
          return parseRequestBodySliced(text, invalidAt, abandoned);
        },
        { bytes: size, abandoned },
      )
      .then((body) => encodeParsed(call, body));
  }
  return encodeParsed(call, parseRequestBody(bodyText(joinPieces(pieces))));
}

function encodeParsed({ ex, cfg, abis, chainId, headers }: EncodeCall, body: unknown): Reply | Promise<Reply> {
  const bcs = acceptKind(ex.header('accept')) === 'bcs';
  // The body is made from the encoder's buffer: by the node adapter, Buffer's C++ hex as a string
  // (cheaper there than the JavaScript loop, the string's UTF-8 copy included); elsewhere the hex as
  // bytes cut from the handler's slab, with no message copy and no string (issue 32, callgrind).
  const quoted = ex.quotedHex ?? cfg.replyHex;
  // The common request straight from its JSON when its answer is the 200 (submission's
  // compiled-request.ts); anything else is read and checked in the node's order below.
  if (cfg.encodeSubmissionEnabled && !bcs && abis.sync) {
    const direct = compiledCallMessageBody(body, abis.registry, chainId, quoted);
    if (direct !== undefined) return hexReply(direct, headers);
  }
  const request = parseSubmissionRequest(body);
  if (!cfg.encodeSubmissionEnabled || bcs) {
    // The node answers these only for a request that poem deserialized (web_framework_error
    // first) and that passed `verify()` ('UserTransactionRequest' invalid first): the handler
    // runs verify, then the enabled check, then get_signing_message refuses BCS.
    verifyPayload(request.payload);
    if (!cfg.encodeSubmissionEnabled) {
      return errorReply(403, 'api_disabled', 'Encode submission is not allowed. Only JSON is supported as an AcceptType.', headers);
    }
    return errorReply(400, 'bcs_not_supported', 'BCS is not supported for encode submission', headers);
  }
  // Without a resolver both forms give the same answer; the synchronous one skips the prefetch.
  if (abis.sync) return hexReply(requestMessageBody(request, { chainId, abis: abis.registry }, quoted), headers);
  return encodeRequestAsync(request, { chainId, abis: abis.registry }).then(({ signingMessage: m }) => hexReply(quoted(m, m.length), headers));
}

/**
 * The 200 with its length: the body is `"0x…"`, ASCII, so its length in bytes is its length, and the
 * node adapter need not measure it as UTF-8 (~800 instructions a request, issue 32).
 */
function hexReply(body: string | Uint8Array, headers: Record<string, string>): Reply {
  return jsonReply(200, body, headers, undefined, body.length);
}
