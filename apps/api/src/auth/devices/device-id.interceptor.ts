import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, tap } from 'rxjs';
import { AppConfig } from '../../config/app-config';
import { attachDevice, deviceCookie, readDeviceCookie, type RequestDevice } from './device-cookie';
import { DeviceTokens } from './device-tokens';

const ISSUES_DEVICE_ID_KEY = 'issuesDeviceId';

/**
 * On a route that starts or renews a session (sign-in, registration, refresh): a client without a validly signed
 * device id gets a new one, and every successful answer (re)sets the cookie, which also slides its expiry.
 */
export const IssuesDeviceId = () => SetMetadata(ISSUES_DEVICE_ID_KEY, true);

/**
 * Reads the device cookie of the routes it guards (docs/decisions/2330): a validly signed id is the request's
 * device; anything else is an unknown device, or a fresh id on the routes marked `@IssuesDeviceId()`.
 * Services read the outcome with `deviceOf(request)` (or `ClientContext.device`).
 */
@Injectable()
export class DeviceIdInterceptor implements NestInterceptor {
  private readonly secure: boolean;

  constructor(
    private readonly tokens: DeviceTokens,
    private readonly reflector: Reflector,
    config: AppConfig,
  ) {
    // Secure cookies (and the __Host- prefix) when the site is served over https.
    this.secure = config.APP_BASE_URL.startsWith('https://');
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const issues = this.reflector.get<boolean | undefined>(ISSUES_DEVICE_ID_KEY, context.getHandler()) === true;
    const presented = this.tokens.verify(readDeviceCookie(request, this.secure));
    let device: RequestDevice | null = presented ? { ...presented, presented: true } : null;
    if (!device && issues) device = { ...this.tokens.issue(), presented: false };
    if (device) attachDevice(request, device);
    if (!issues || !device) return next.handle();
    const token = device.token;
    return next.handle().pipe(
      tap(() => {
        void http.getResponse<FastifyReply>().header('set-cookie', deviceCookie(token, this.secure));
      }),
    );
  }
}
