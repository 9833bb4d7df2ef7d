import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * The global rate-limit guard. Same behaviour as ThrottlerGuard (per route and client), but with a plain
 * string key instead of a SHA-256 per request.
 */
@Injectable()
export class AppThrottlerGuard extends ThrottlerGuard {
  protected override generateKey(context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${context.getClass().name}.${context.getHandler().name}:${throttlerName}:${tracker}`;
  }
}
