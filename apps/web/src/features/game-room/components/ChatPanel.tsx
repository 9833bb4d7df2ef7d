import { EMOTES, LIMITS, type ChatMessageDto, type EmoteId } from '@skillduel/contracts';
import { useRef, useState } from 'react';
import { RoomChatPanel } from './RoomChatPanel';

/** Practice messages are the player's own: one id stands for "me" in the panel. */
const PRACTICE_USER_ID = 'practice-self';

/**
 * The practice room's chat (docs/product/rooms-and-matches.md#chat): there is no server chat in practice, so the
 * messages live in this panel only; the panel itself (look, emotes, guest refusals) is the live rooms' RoomChatPanel.
 */
export function ChatPanel({ isGuest, username }: { isGuest: boolean; username: string }) {
  const nextId = useRef(0);
  const [messages, setMessages] = useState<readonly ChatMessageDto[]>([]);

  const post = (message: string, emote: EmoteId | null) => {
    nextId.current += 1;
    const entry: ChatMessageDto = {
      id: `local-${nextId.current}`,
      room_id: 'practice',
      user_id: PRACTICE_USER_ID,
      username,
      message,
      timestamp: new Date().toISOString(),
      isEmote: emote !== null,
      emote,
    };
    setMessages((current) => [...current, entry].slice(-LIMITS.chatHistoryKept));
  };

  return (
    <RoomChatPanel
      messages={messages}
      ownUserId={PRACTICE_USER_ID}
      isGuest={isGuest}
      onSend={(message) => {
        post(message, null);
        return Promise.resolve(null);
      }}
      onEmote={(emote) => {
        post(EMOTES.find((candidate) => candidate.id === emote)?.symbol ?? '', emote);
        return Promise.resolve(null);
      }}
    />
  );
}
