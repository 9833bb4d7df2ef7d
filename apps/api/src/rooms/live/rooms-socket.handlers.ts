import { Injectable, OnModuleInit } from '@nestjs/common';
import { CLIENT_EVENTS, REALTIME_ERROR_CODES, REALTIME_MESSAGES, ROOM_ID_PATTERN } from '@skillduel/contracts';
import { RealtimeServer } from '../../realtime/realtime.server';
import { AppSocket, CHANNELS, RealtimeError } from '../../realtime/realtime.types';
import { LiveRoomsService } from './live-rooms.service';

function invalid(): RealtimeError {
  return new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.invalidPayload);
}

function objectPayload(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw invalid();
  return payload as Record<string, unknown>;
}

function roomIdOf(payload: unknown): string {
  const roomId = objectPayload(payload)['room_id'];
  if (typeof roomId !== 'string' || !ROOM_ID_PATTERN.test(roomId)) throw invalid();
  return roomId;
}

function stringField(payload: unknown, name: string, maxLength: number): string {
  const value = objectPayload(payload)[name];
  if (typeof value !== 'string' || value.length > maxLength) throw invalid();
  return value;
}

/** The rooms' client events (the realtime contract in libs/contracts realtime.ts), validated and dispatched. */
@Injectable()
export class RoomsSocketHandlers implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeServer,
    private readonly live: LiveRoomsService,
  ) {}

  onModuleInit(): void {
    const live = this.live;
    this.realtime.handle(CLIENT_EVENTS.roomJoin, {
      bucket: 'control',
      handle: (socket, payload) => live.watch(socket, roomIdOf(payload)),
    });
    this.realtime.handle(CLIENT_EVENTS.roomLeave, {
      bucket: 'control',
      handle: (socket, payload) => live.unwatch(socket, roomIdOf(payload)),
    });
    this.realtime.handle(CLIENT_EVENTS.matchReady, {
      bucket: 'control',
      handle: (socket, payload) => live.ready(socket, roomIdOf(payload)),
    });
    this.realtime.handle(CLIENT_EVENTS.matchPlayAgain, {
      bucket: 'control',
      handle: (socket, payload) => live.playAgain(socket, roomIdOf(payload)),
    });
    this.realtime.handle(CLIENT_EVENTS.matchInput, {
      bucket: 'input',
      handle: (socket, payload) => {
        const roomId = roomIdOf(payload);
        return live.input(socket, roomId, objectPayload(payload)['input']);
      },
    });
    this.realtime.handle(CLIENT_EVENTS.chatSend, {
      bucket: 'chat',
      // Guests are told to sign up before anything else is looked at.
      handle: (socket, payload) => live.chat(socket, roomIdOf(payload), guestFirst(socket, payload, 'message')),
    });
    this.realtime.handle(CLIENT_EVENTS.chatEmote, {
      bucket: 'emote',
      handle: (socket, payload) => live.emote(socket, roomIdOf(payload), guestFirst(socket, payload, 'emote')),
    });
    this.realtime.handle(CLIENT_EVENTS.lobbySubscribe, {
      bucket: 'control',
      handle: async (socket: AppSocket) => {
        await socket.join(CHANNELS.lobby);
        return null;
      },
    });
    this.realtime.handle(CLIENT_EVENTS.lobbyUnsubscribe, {
      bucket: 'control',
      handle: async (socket: AppSocket) => {
        await socket.leave(CHANNELS.lobby);
        return null;
      },
    });
    this.realtime.onDisconnect((socket) => live.socketGone(socket));
  }
}

/** A guest's chat or emote is refused with the spec's message even when the payload is odd; others are validated. */
function guestFirst(socket: AppSocket, payload: unknown, field: 'message' | 'emote'): string {
  if (!socket.data.user) return '';
  // Chat is trimmed and length-checked by the service (in characters); the raw string is bounded here.
  return stringField(payload, field, 4 * 200);
}
