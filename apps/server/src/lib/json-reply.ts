// Success envelopes around data serialized ahead of time: a hot read whose data changes rarely keeps its
// reply bytes (one Buffer per language, since `msg` is localized) and sends exactly what reply.ok would,
// without serializing or encoding per request.
import type { Language } from '@coin/shared/languages';
import type { FastifyReply } from 'fastify';
import type { MessageKey } from '@/i18n/locales/en';
import { t } from '@/i18n/translate';

const JSON_TYPE = 'application/json; charset=utf-8';

export class JsonBody {
  private readonly envelopes = new Map<Language, Buffer>();

  /** `dataJson` = JSON.stringify(data) of what reply.ok(data, msgKey) would send. */
  constructor(
    readonly dataJson: string,
    private readonly msgKey: MessageKey = 'success.ok',
  ) {}

  static of(data: unknown, msgKey?: MessageKey): JsonBody {
    return new JsonBody(JSON.stringify(data), msgKey);
  }

  envelope(lang: Language): Buffer {
    let bytes = this.envelopes.get(lang);
    if (!bytes) {
      bytes = Buffer.from(
        `{"code":200,"msg":${JSON.stringify(t(lang, this.msgKey))},"data":${this.dataJson}}`,
      );
      this.envelopes.set(lang, bytes);
    }
    return bytes;
  }
}

/** Replies like reply.ok(data) for a body prepared with JsonBody. */
export function sendOkBody(reply: FastifyReply, body: JsonBody) {
  return reply.status(200).type(JSON_TYPE).send(body.envelope(reply.request.lang));
}

/**
 * A value derived from a source (a settings snapshot, a market data version), recomputed only when the
 * source changes: the previous result is returned for the same source (Object.is).
 */
export function memoLast<S, T>(compute: (source: S) => T): (source: S) => T {
  let last: { source: S; value: T } | undefined;
  return (source) => {
    if (last && Object.is(last.source, source)) return last.value;
    const value = compute(source);
    last = { source, value };
    return value;
  };
}
