import { Injectable } from '@nestjs/common';
import { Logger as PinoLogger } from 'nestjs-pino';

/** Nest's boot chatter (one line per module and route) hides the one line that matters: the URL. */
const BOOT_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'WebSocketsController']);

@Injectable()
export class QuietLogger extends PinoLogger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && BOOT_CONTEXTS.has(context)) return;
    super.log(message, ...optionalParams);
  }
}
