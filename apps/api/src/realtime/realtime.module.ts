import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeServer } from './realtime.server';
import { SocketSessionsRepository } from './socket-sessions.repository';

/**
 * The realtime transport (docs/product/rooms-and-matches.md#realtime-connection): the Socket.IO gateway and
 * RealtimeServer, through which feature modules register their client events and emit to channels. The server itself is
 * created by RealtimeIoAdapter (bootstrap).
 */
@Module({
  providers: [RealtimeGateway, RealtimeServer, SocketSessionsRepository],
  exports: [RealtimeServer, SocketSessionsRepository],
})
export class RealtimeModule {}
