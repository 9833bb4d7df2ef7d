import { FastifyAdapter } from '@nestjs/platform-fastify';

const JSON_CONTENT_TYPE = 'application/json';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body exactly as it arrived, for routes that verify a signature over it (identity webhooks). */
    rawJsonText?: string;
  }
}

/**
 * Nest's Fastify adapter with one change to its JSON body parser: a request that says `content-type:
 * application/json` but sends no body at all (what many HTTP clients do for a POST without payload) is read as `{}`
 * instead of being refused as invalid JSON. Everything else is parsed as before, by Fastify's own JSON parser with
 * prototype and constructor poisoning refused; a body of only spaces or anything else that is not JSON is still a 400.
 * The text as received is kept on the request (`rawJsonText`): a webhook's signature covers those exact bytes.
 */
export class ApiFastifyAdapter extends FastifyAdapter {
  private emptyJsonIsObject = false;

  override registerParserMiddleware(prefix?: string, rawBody?: boolean): void {
    super.registerParserMiddleware(prefix, rawBody);
    if (this.emptyJsonIsObject) return;
    this.emptyJsonIsObject = true;
    const instance = this.getInstance();
    const { bodyLimit, onProtoPoisoning, onConstructorPoisoning } = instance.initialConfig;
    const parseJson = instance.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
    instance.removeContentTypeParser(JSON_CONTENT_TYPE);
    instance.addContentTypeParser(JSON_CONTENT_TYPE, { parseAs: 'string', bodyLimit }, (request, body, done) => {
      const text = body.toString();
      request.rawJsonText = text;
      if (text.length === 0) {
        done(null, {});
        return;
      }
      // Fastify's own parser answers through `done` (synchronously); nothing to wait for.
      void parseJson(request, text, done);
    });
  }
}
