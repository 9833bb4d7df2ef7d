import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { LiveRoom } from '../features/live-room/LiveRoom';
import { renderWithProviders } from './renderWithProviders';

/** A player's live room at /game/{id}, with the toasts. */
export function renderLiveRoom(roomId: string, language?: 'en' | 'es') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/game/:gameId" element={<LiveRoom roomId={roomId} spectate={false} />} />
      </Routes>
      <Toaster />
    </>,
    { route: `/game/${roomId}`, language },
  );
}
