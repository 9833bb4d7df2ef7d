import { Global, Module } from '@nestjs/common';
import { AuthKeys } from './auth-keys';
import { DeviceIdInterceptor } from './devices/device-id.interceptor';
import { DeviceTokens } from './devices/device-tokens';
import { DevicesRepository } from './devices/devices.repository';
import { DevicesService } from './devices/devices.service';
import { AccessTokenAuthenticator, JwtAuthGuard, OptionalJwtAuthGuard } from './jwt-auth.guard';
import { SessionRevocations } from './session-revocations';
import { SessionsRepository } from './sessions.repository';
import { TokensService } from './tokens.service';

/**
 * What any module needs to authenticate a caller: JwtAuthGuard (and its optional variant), and for non-HTTP
 * transports (the socket handshake) AccessTokenAuthenticator / TokensService; the server-issued device ids
 * (DeviceIdInterceptor on a route, DevicesService to record them, decision 2330). Global so that guarding a route
 * never forces an import of AuthModule (and its dependency on users); AuthModule re-exports it as well.
 */
@Global()
@Module({
  providers: [
    AuthKeys,
    TokensService,
    SessionsRepository,
    AccessTokenAuthenticator,
    JwtAuthGuard,
    OptionalJwtAuthGuard,
    SessionRevocations,
    DeviceTokens,
    DevicesRepository,
    DevicesService,
    DeviceIdInterceptor,
  ],
  exports: [
    AuthKeys,
    TokensService,
    SessionsRepository,
    AccessTokenAuthenticator,
    JwtAuthGuard,
    OptionalJwtAuthGuard,
    SessionRevocations,
    DeviceTokens,
    DevicesRepository,
    DevicesService,
    DeviceIdInterceptor,
  ],
})
export class AuthCoreModule {}
