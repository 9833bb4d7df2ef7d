import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMOTES, GAME_ROOM_MESSAGES, VALIDATION_MESSAGES } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { buildGame, GAMES } from '../../test/factories';
import { advance, solveShownQuestion, startAndCountDown, storeGuest, storeSignedIn } from '../../test/gameRoom';
import { renderApp } from '../../test/renderWithProviders';
import { MAX_LOOP_DELAY_MS } from './practiceMatch';
import { apiUrl, server } from '../../test/server';

const roomNotFound = () => HttpResponse.json({ statusCode: 404, detail: 'Resource not found' }, { status: 404 });

describe('game room', () => {
  // Fake clocks for timers and performance.now; msw's fetch needs the real process.nextTick.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick'] }));
  afterEach(() => jest.useRealTimers());

  describe('guest practice', () => {
    it('shows the header, the Practice Mode banner and the player panel', async () => {
      const username = storeGuest();
      renderApp('/game/quick-click');

      expect(await screen.findByRole('heading', { level: 1, name: 'Quick Click' })).toBeInTheDocument();
      expect(screen.getByTestId('room-subtitle')).toHaveTextContent(GAME_ROOM_MESSAGES.practiceMode);
      expect(screen.queryByTestId('game-timer')).not.toBeInTheDocument();

      const banner = screen.getByTestId('practice-banner');
      expect(banner).toHaveTextContent('Practice Mode');
      expect(within(banner).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/?mode=signup');

      const player = screen.getByTestId('player');
      expect(player).toHaveTextContent(username);
      expect(within(player).getByTestId('player-status')).toHaveTextContent('Practice');
      expect(screen.getByTestId('player-score')).toHaveTextContent('0/100');
      expect(screen.getByTestId('opponent')).toHaveTextContent('Computer');
      expect(screen.getByTestId('opponent-score')).toHaveTextContent('0/100');

      expect(screen.getByRole('heading', { name: 'Ready to Play?' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Start Practice' })).toBeInTheDocument();
      expect(screen.queryByTestId('find-opponent')).not.toBeInTheDocument();
    });

    it('runs start → countdown → playing → finished at time-up, with the loss toast', async () => {
      storeGuest();
      renderApp('/game/number-rush');
      await screen.findByRole('heading', { name: 'Ready to Play?' });

      startAndCountDown('Start Practice');
      expect(screen.getByTestId('game-room')).toHaveAttribute('data-phase', 'playing');
      expect(screen.getByTestId('player-status')).toHaveTextContent('Playing');
      expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('30s');
      expect(screen.getByTestId('number-rush-question')).toHaveTextContent(/\d+ [+−×÷] \d+ = \?/);

      advance(10_000);
      expect(screen.getByRole('timer')).toHaveTextContent('20s');
      const computerScore = Number(/(\d+)\/100/.exec(screen.getByTestId('opponent-score').textContent ?? '')?.[1]);
      expect(computerScore).toBeGreaterThan(0);

      advance(20_100);
      expect(screen.getByTestId('game-room')).toHaveAttribute('data-phase', 'finished');
      expect(screen.getByRole('heading', { name: 'You Lost!' })).toHaveFocus();
      expect(screen.getByTestId('player-status')).toHaveTextContent('Finished');
      expect(screen.getByTestId('final-player-score')).toHaveTextContent('0/100');
      expect(screen.queryByTestId('game-timer')).not.toBeInTheDocument();
      expect(screen.queryByTestId('winnings')).not.toBeInTheDocument();
      advance(0); // sonner shows toasts on the next tick
      expect(screen.getByText(GAME_ROOM_MESSAGES.youLost)).toBeInTheDocument();
    });

    it('plays a whole quick-click practice through the engine to a win, with the practice win toast', async () => {
      storeGuest();
      renderApp('/game/quick-click');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Start Practice');

      const target = screen.getByTestId('quick-click-target');
      expect(target).toHaveFocus();
      const progress = screen.getByTestId('quick-click-progress');
      const targetClicks = Number(/0 \/ (\d+) clicks/.exec(progress.textContent ?? '')?.[1]);
      expect(targetClicks).toBeGreaterThanOrEqual(50);
      expect(targetClicks).toBeLessThanOrEqual(149);

      for (let click = 1; click < targetClicks; click++) {
        fireEvent.click(target);
        advance(80); // 12.5 clicks a second: a fast human, under the engine's sustained 14 per second
      }
      expect(progress).toHaveTextContent(`${targetClicks - 1} / ${targetClicks} clicks`);
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(targetClicks - 1));
      fireEvent.click(target);

      expect(screen.getByRole('heading', { name: 'You Won!' })).toBeInTheDocument();
      expect(screen.getByTestId('final-player-score')).toHaveTextContent('100/100');
      expect(screen.getByTestId('player-score')).toHaveTextContent('100/100');
      advance(0);
      expect(screen.getByText(GAME_ROOM_MESSAGES.youWon)).toBeInTheDocument();
      expect(screen.getByText(GAME_ROOM_MESSAGES.practiceWin)).toBeInTheDocument();
      // Practice never pays, so there are no winnings to show.
      expect(screen.queryByTestId('winnings')).not.toBeInTheDocument();
    });

    it('tells the player when clicks come too fast to count', async () => {
      storeGuest();
      renderApp('/game/quick-click');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Start Practice');

      const target = screen.getByTestId('quick-click-target');
      for (let click = 0; click < 22; click++) fireEvent.click(target);
      expect(screen.getByTestId('input-notice')).toHaveTextContent('Too fast! That one did not count.');
      expect(screen.getByTestId('quick-click-progress')).toHaveTextContent(/^20 \//);
    });

    it('Play Again returns to waiting with scores and result cleared', async () => {
      storeGuest();
      renderApp('/game/number-rush');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Start Practice');
      advance(30_100);
      expect(screen.getByRole('heading', { name: 'You Lost!' })).toBeInTheDocument();
      expect(screen.getByTestId('opponent-score')).not.toHaveTextContent(/^Score: 0\/100$/);

      fireEvent.click(screen.getByRole('button', { name: 'Play Again' }));
      expect(screen.getByRole('heading', { name: 'Ready to Play?' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Start Practice' })).toHaveFocus();
      expect(screen.queryByTestId('game-result')).not.toBeInTheDocument();
      expect(screen.getByTestId('player-score')).toHaveTextContent('0/100');
      expect(screen.getByTestId('opponent-score')).toHaveTextContent('0/100');
      expect(screen.getByTestId('player-status')).toHaveTextContent('Practice');

      // And it can be played again.
      startAndCountDown('Start Practice');
      expect(screen.getByRole('timer')).toHaveTextContent('30s');
    });

    it('Leave Room takes a guest back to the games, even mid-game', async () => {
      storeGuest();
      renderApp('/game/quick-click');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Start Practice');
      fireEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/games$/);
      advance(31_000); // the match loop stopped with the room: nothing left to finish or toast
      expect(screen.queryByText(GAME_ROOM_MESSAGES.youLost)).not.toBeInTheDocument();
    });
  });

  describe('signed-in players', () => {
    it('get Ready to Play? with Practice and Find opponent (quick match, features/rooms)', async () => {
      const username = storeSignedIn();
      renderApp('/game/pattern-pro');
      expect(await screen.findByRole('heading', { name: 'Ready to Play?' })).toBeInTheDocument();
      expect(screen.getByTestId('room-subtitle')).toHaveTextContent('Practice Mode');
      expect(screen.queryByTestId('practice-banner')).not.toBeInTheDocument();
      expect(screen.getByTestId('player')).toHaveTextContent(username);
      expect(screen.getByTestId('player-status')).toHaveTextContent('Waiting');

      const practice = screen.getByRole('button', { name: 'Practice' });
      expect(practice).toBeEnabled();
      expect(practice).toHaveAccessibleDescription('Free, against the computer. No money involved.');
      expect(screen.getByRole('button', { name: 'Find opponent' })).toBeEnabled();
    });

    it('practise from the keyboard (pattern-pro) and leave to the dashboard', async () => {
      storeSignedIn();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderApp('/game/pattern-pro');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Practice');

      const options = within(screen.getByRole('group', { name: 'Options' })).getAllByRole('button');
      expect(options).toHaveLength(4);
      expect(options[0]).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByTestId('game-feedback')).toHaveTextContent(/Correct! \+10|Not quite\. Next one!/);
      expect(options[0]).toHaveFocus(); // the next puzzle reuses the buttons
      await user.tab();
      await user.keyboard(' ');
      expect(screen.getByText(/Streak: \d/)).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
    });
  });

  describe('number-rush', () => {
    it('never sends an empty answer, and scores a right one typed from the keyboard', async () => {
      storeGuest();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderApp('/game/number-rush');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Start Practice');

      const input = screen.getByLabelText('Your answer');
      expect(input).toHaveFocus();
      expect(input).toHaveAttribute('inputmode', 'numeric');
      const question = screen.getByTestId('number-rush-question').textContent;

      await user.keyboard('{Enter}');
      expect(screen.getByRole('alert')).toHaveTextContent('Type an answer first.');
      expect(input).toHaveAttribute('aria-invalid', 'true');
      await user.type(input, '   ');
      await user.keyboard('{Enter}');
      expect(screen.getByTestId('number-rush-question')).toHaveTextContent(question ?? '');
      expect(screen.getByText('0 correct of 0')).toBeInTheDocument();

      advance(1000); // a person's time to work it out: answers under the engine's floor count as wrong
      await user.type(input, `${solveShownQuestion()}{Enter}`);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByTestId('game-feedback')).toHaveTextContent('Correct! +10');
      expect(screen.getByText('1 correct of 1')).toBeInTheDocument();
      expect(screen.getByTestId('player-score')).toHaveTextContent('10/100');
      expect(input).toHaveValue('');
      expect(input).toHaveFocus();
    });

    it('takes digits only', async () => {
      storeGuest();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderApp('/game/number-rush');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Start Practice');
      const input = screen.getByLabelText('Your answer');
      await user.type(input, '4a2-.e');
      expect(input).toHaveValue('42');
    });
  });

  describe('the other games', () => {
    it('word-wizard: unscramble with the keyboard; empty guesses are not sent', async () => {
      storeGuest();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderApp('/game/word-wizard');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Start Practice');

      const input = screen.getByLabelText('Your word');
      expect(input).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('alert')).toHaveTextContent('Type an answer first.');
      await user.type(input, 'nope{Enter}');
      expect(screen.getByTestId('game-feedback')).toHaveTextContent('Not quite. Next one!');
      expect(screen.getByText('0 correct of 1')).toBeInTheDocument();
    });

    it('memory-master: shows the colours one per second, then takes them back in order', async () => {
      storeGuest();
      renderApp('/game/memory-master');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      expect(screen.getByText('You have 60 seconds.')).toBeInTheDocument();
      startAndCountDown('Start Practice');

      expect(screen.getByTestId('memory-round')).toHaveTextContent('Round 1 of 5');
      expect(screen.getByTestId('memory-display')).toHaveAttribute('data-phase', 'get_ready');
      const shown: string[] = [];
      for (let index = 0; index < 3; index++) {
        advance(1000);
        expect(screen.getByTestId('memory-display')).toHaveAttribute('data-phase', 'showing');
        expect(screen.getByText(`Watch: colour ${index + 1} of 3`)).toBeInTheDocument();
        shown.push(screen.getByTestId('memory-shown').getAttribute('data-color') ?? '');
      }
      // Pressing while the sequence shows is refused, with a notice.
      fireEvent.click(screen.getByTestId('memory-color-red'));
      expect(screen.getByTestId('input-notice')).toHaveTextContent('Wait until the whole sequence has been shown.');

      advance(1000);
      expect(screen.getByTestId('memory-display')).toHaveAttribute('data-phase', 'input');
      // A human pace: a press faster than the engine's floor would be a wrong press.
      for (const color of shown) {
        advance(300);
        fireEvent.click(screen.getByTestId(`memory-color-${color}`));
      }
      expect(screen.getByTestId('game-feedback')).toHaveTextContent('Round complete! +10');
      expect(screen.getByTestId('memory-round')).toHaveTextContent('Round 2 of 5');
      expect(screen.getByTestId('player-score')).toHaveTextContent('20/100');
    });

    it('reaction-time: an early click restarts the round; green is clicked and timed', async () => {
      storeGuest();
      renderApp('/game/reaction-time');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Start Practice');

      const target = screen.getByTestId('reaction-target');
      expect(target).toHaveTextContent('Wait for green...');
      fireEvent.click(target);
      expect(screen.getByTestId('game-feedback')).toHaveTextContent('Too early! The round restarts.');
      expect(screen.getByTestId('reaction-round')).toHaveTextContent('Round 1 of 5');

      for (let waited = 0; waited < 8000 && target.getAttribute('data-phase') === 'wait'; waited += 50) advance(50);
      expect(target).toHaveAttribute('data-phase', 'go');
      expect(target).toHaveTextContent('Click!');
      advance(250);
      fireEvent.click(target);
      expect(screen.getByTestId('reaction-round')).toHaveTextContent('Round 2 of 5');
      const [result] = within(screen.getByTestId('reaction-results')).getAllByRole('listitem');
      const reactionMs = Number(/Round 1: (\d+) ms/.exec(result.textContent ?? '')?.[1]);
      // Timed from the engine's green event, never before it: at least the 250 ms waited here. Green is shown on the
      // loop's first wake-up after that event — at most MAX_LOOP_DELAY_MS later (usually at once: the loop wakes for
      // the event), and this test looks every 50 ms — so the figure is never more than that above 250 ms.
      expect(reactionMs).toBeGreaterThanOrEqual(250);
      expect(reactionMs).toBeLessThan(250 + MAX_LOOP_DELAY_MS + 50);
    });

    it('color-match: picks the colour by swatch or by word', async () => {
      storeGuest();
      renderApp('/game/color-match');
      await screen.findByRole('heading', { name: 'Ready to Play?' });
      startAndCountDown('Start Practice');

      for (let round = 0; round < 3; round++) {
        const stimulus = screen.getByTestId('color-stimulus');
        const answer = stimulus.getAttribute('data-color') ?? stimulus.getAttribute('data-word');
        const option = screen.getAllByTestId('color-option').find((button) => button.dataset['color'] === answer);
        if (!option) throw new Error('the answer is not among the options');
        advance(500); // a person's time to recognise it: answers under the engine's floor count as wrong
        fireEvent.click(option);
      }
      expect(screen.getByTestId('game-feedback')).toHaveTextContent('Correct! +12');
      expect(screen.getByText(/Streak: 3/)).toBeInTheDocument();
      expect(screen.getByTestId('player-score')).toHaveTextContent('33/100');
    });
  });

  describe('not found', () => {
    it('shows the not-found screen for an id that is neither built in nor in the catalogue', async () => {
      storeGuest();
      renderApp('/game/nope');
      expect(await screen.findByRole('heading', { name: GAME_ROOM_MESSAGES.notFoundTitle })).toBeInTheDocument();
      expect(screen.getByText(GAME_ROOM_MESSAGES.notFoundText)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('link', { name: 'Back to Games' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/games$/);
    });

    it('shows it when a room fails to load', async () => {
      let requested = '';
      server.use(
        http.get(apiUrl('/rooms/:id'), ({ params }) => {
          requested = String(params['id']);
          return roomNotFound();
        }),
      );
      storeSignedIn();
      renderApp('/game/room_abc123');
      expect(await screen.findByRole('heading', { name: 'Game Room Not Found' })).toBeInTheDocument();
      expect(requested).toBe('room_abc123');
    });

    it('plays a catalogue game without an engine of its own as quick-click', async () => {
      server.use(
        http.get(apiUrl('/games/'), () =>
          HttpResponse.json([...GAMES, buildGame({ id: 'tap-tap', name: 'Tap Tap', icon: '👆' })]),
        ),
      );
      storeGuest();
      renderApp('/game/tap-tap');
      expect(await screen.findByRole('heading', { level: 1, name: 'Tap Tap' })).toBeInTheDocument();
      startAndCountDown('Start Practice');
      expect(screen.getByTestId('quick-click-target')).toBeInTheDocument();
    });
  });

  it('loads a real room and shows its bet (rooms work fills in the match)', async () => {
    server.use(
      http.get(apiUrl('/rooms/:id'), () =>
        HttpResponse.json({ id: 'room_1', game_id: 'number-rush', status: 'waiting', bet_amount: 25, your_seat: 0 }),
      ),
    );
    storeSignedIn();
    renderApp('/game/room_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Number Rush' })).toBeInTheDocument();
    expect(screen.getByTestId('room-subtitle')).toHaveTextContent('Bet: $25.00');
    expect(screen.getByTestId('opponent')).toHaveTextContent('Opponent');
    expect(screen.getByTestId('player-status')).toHaveTextContent('Waiting');
  });

  it('?spectate=true means watching only', async () => {
    storeSignedIn();
    renderApp('/game/quick-click?spectate=true');
    expect(await screen.findByTestId('room-subtitle')).toHaveTextContent('Spectating');
    expect(screen.getByTestId('spectating-screen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Practice' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Practice instead' })).toHaveAttribute('href', '/game/quick-click');
  });

  describe('chat', () => {
    it('refuses guests with the spec messages', async () => {
      storeGuest();
      renderApp('/game/quick-click');
      const chat = await screen.findByTestId('chat-panel');
      const input = within(chat).getByRole('textbox', { name: 'Message' });
      expect(input).toBeDisabled();
      expect(input).toHaveAttribute('placeholder', GAME_ROOM_MESSAGES.signUpToChat);

      fireEvent.click(within(chat).getByRole('button', { name: 'Send' }));
      expect(await screen.findByText(VALIDATION_MESSAGES.guestChat)).toBeInTheDocument();

      const emotes = within(chat).getAllByTestId('emote');
      expect(emotes).toHaveLength(EMOTES.length);
      fireEvent.click(within(chat).getByRole('button', { name: 'Send Thumbs up' }));
      expect(await screen.findByText(VALIDATION_MESSAGES.guestEmote)).toBeInTheDocument();
      expect(within(chat).getByText('No messages yet.')).toBeInTheDocument();
    });

    it('keeps a signed-in player’s messages and emotes locally; blank ones are ignored', async () => {
      const username = storeSignedIn();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderApp('/game/quick-click');
      const chat = await screen.findByTestId('chat-panel');
      const input = within(chat).getByRole('textbox', { name: 'Message' });
      expect(input).toHaveAttribute('maxlength', '200');

      await user.type(input, '   {Enter}');
      expect(within(chat).getByText('No messages yet.')).toBeInTheDocument();

      await user.type(input, '  good luck!  {Enter}');
      await user.click(within(chat).getByRole('button', { name: 'Send Fire' }));
      const log = within(chat).getByRole('log', { name: 'Chat messages' });
      const messages = within(log).getAllByRole('listitem');
      expect(messages).toHaveLength(2);
      expect(messages[0]).toHaveTextContent(username);
      expect(messages[0]).toHaveTextContent('good luck!');
      expect(messages[1]).toHaveTextContent('🔥');
      expect(input).toHaveValue('');

      const toggle = within(chat).getByRole('button', { name: 'Show chat' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(within(chat).getByRole('button', { name: 'Hide chat' })).toHaveAttribute('aria-expanded', 'true');
    });
  });

  it('speaks Spanish', async () => {
    storeGuest();
    renderApp('/game/nope', { language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Sala de juego no encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a los juegos' })).toBeInTheDocument();
  });
});
