import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { createApiDocument } from './api-document';

/**
 * The OpenAPI document without a database, Redis or a listening port: Nest's preview mode builds the module graph
 * (controllers and their decorators) but instantiates no provider, so nothing connects. Used by the lint step
 * (tools/openapi/lint.mjs); the running server serves the same document from createApp.
 */
export async function previewApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Never contacted in preview mode; the config only has to be valid.
    DATABASE_URL: 'postgres://preview@127.0.0.1:1/preview',
    JWT_SECRET: 'preview-secret-preview-secret-preview-0123',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const app = await NestFactory.create(AppModule.forRoot(config), new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  app.setGlobalPrefix('api');
  try {
    return createApiDocument(app);
  } finally {
    await app.close();
  }
}
