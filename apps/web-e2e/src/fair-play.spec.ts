import { expect, test } from '@playwright/test';
import type { MatchFinishedDto, MatchInputAckDto, MatchViewDto, RoomDto } from '@skillduel/contracts';
import type { Socket } from 'socket.io-client';
import { connect, send } from './matches';
import { authHeaders, balanceOf, registerWithDeposit, signedInContext } from './players';
import { grantSupport } from './staff';
import { expectAccessible, snap } from './support';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** A script's pace (decision 1802): every answer right, each one a steady 850 ms after the last. */
const BOT_ANSWER_EVERY_MS = 850;
/** Twelve intervals: over number-rush's ten needed to judge the rhythm. */
const BOT_ANSWERS = 13;

interface NumberRushQuestion {
  left: number;
  operator: '+' | '-' | '*' | '/';
  right: number;
}

function answerOf({ left, operator, right }: NumberRushQuestion): number {
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return left / right;
  }
}

/**
 * A scripted number-rush player on its own socket, as a cheater would write it: reads each question the server
 * pushes and answers it right on a steady timer, far more regular and quicker than a person.
 */
async function scriptedAnswers(socket: Socket, roomId: string, firstView: Promise<MatchViewDto>): Promise<void> {
  let view = await firstView;
  for (let answered = 0; answered < BOT_ANSWERS; answered++) {
    await new Promise((resolve) => setTimeout(resolve, BOT_ANSWER_EVERY_MS));
    const next = new Promise<MatchViewDto>((resolve) => socket.once('match:view', resolve));
    const question = (view.view as { game: { question: NumberRushQuestion } }).game.question;
    const ack = await send<MatchInputAckDto>(socket, 'match:input', {
      room_id: roomId,
      input: { type: 'answer', value: answerOf(question) },
    });
    expect(ack.accepted, `answer ${answered + 1} accepted`).toBe(true);
    view = await next;
  }
}

test.describe('fair play: a scripted win is held for review, then released by support', () => {
  test('a number-rush bot beats an idle player; its payout is held; support releases it; the winner is paid and sees why', async ({
    browser,
    request,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    const bot = await registerWithDeposit(request, 'fpbot');
    const idler = await registerWithDeposit(request, 'fpidle');
    const staff = await registerWithDeposit(request, 'fpsupport', 0);
    grantSupport(`${staff.username}@example.com`);
    const created = await request.post('/api/rooms', {
      data: { game_id: 'number-rush', bet_amount: 5 },
      headers: authHeaders(bot),
    });
    const room = (await created.json()) as RoomDto;
    expect((await request.post(`/api/rooms/${room.id}/join`, { data: {}, headers: authHeaders(idler) })).status()).toBe(
      200,
    );

    // The bot's owner watches the room in a browser while the script plays the seat.
    const botContext = await signedInContext(browser, bot);
    const botPage = await botContext.newPage();
    await botPage.goto(`/game/${room.id}`);
    await expect(botPage.getByTestId('opponent')).toContainText(idler.username);

    const botSocket = await connect(baseURL, bot);
    const idleSocket = await connect(baseURL, idler);
    try {
      await send(botSocket, 'room:join', { room_id: room.id });
      await send(idleSocket, 'room:join', { room_id: room.id });
      const firstView = new Promise<MatchViewDto>((resolve) => botSocket.once('match:view', resolve));
      const finished = new Promise<MatchFinishedDto>((resolve) => botSocket.once('match:finished', resolve));
      await send(botSocket, 'match:ready', { room_id: room.id });
      await send(idleSocket, 'match:ready', { room_id: room.id });
      await scriptedAnswers(botSocket, room.id, firstView);
      // The idle player gives up: the bot wins by forfeit, and the settlement judges the round.
      expect((await request.post(`/api/rooms/${room.id}/leave`, { headers: authHeaders(idler) })).status()).toBe(200);
      const { result } = await finished;
      expect(result).toMatchObject({ outcome: 'player1', payout: 0, payout_held: true });
    } finally {
      botSocket.close();
      idleSocket.close();
    }

    // The winner's browser says the payout is held and claims no winnings; the balance is not bumped.
    const card = botPage.getByTestId('game-result');
    await expect(card.getByTestId('payout-held')).toContainText('Payout held for review');
    await expect(card.getByTestId('winnings')).toHaveCount(0);
    await expect(botPage.getByText(/\+\$/)).toHaveCount(0);
    await expect(botPage.getByTestId('balance')).toContainText('$45.00');
    await snap(botPage, 'fair-play-01-held-result');
    await expectAccessible(botPage);
    expect(await balanceOf(request, bot)).toBe(45);
    expect(await balanceOf(request, idler)).toBe(45);

    // On a phone, in Spanish: History lists the round as held, and Details say why.
    const phoneContext = await signedInContext(browser, bot, { ...PHONE, language: 'es' });
    const phone = await phoneContext.newPage();
    await phone.goto('/profile');
    await phone.getByTestId('profile-tab-history').click();
    const row = phone.getByTestId('history-row').filter({ hasText: idler.username });
    await expect(row).toContainText('Retenida para revisión');
    await row.getByRole('button', { name: 'Detalles' }).click();
    await expect(phone.getByTestId('round-review')).toContainText('Retenida para revisión');
    await expect(phone.getByTestId('round-review-reasons')).toContainText('ritmo constante de máquina');
    await snap(phone, 'fair-play-02-history-held-es-phone');

    // Support finds it in the console's review queue, reads the evidence and releases it.
    const staffContext = await signedInContext(browser, staff);
    const staffPage = await staffContext.newPage();
    await staffPage.goto('/admin');
    await staffPage.getByTestId('admin-tab-reviews').click();
    const reviewRow = staffPage.getByTestId('admin-review-row').filter({ hasText: bot.username });
    await expect(reviewRow).toContainText(idler.username);
    await expect(reviewRow).toContainText('Machine-steady rhythm');
    await reviewRow.getByRole('button', { name: `Open the review of ${bot.username}` }).click();
    const review = staffPage.getByTestId('admin-review');
    await expect(review.getByTestId('admin-review-seat-0')).toContainText('Variation (sd / mean)');
    await expect(review.getByTestId('admin-review-seat-1')).toContainText('Never sent an input');
    await expect(review.locator('.fairness-ok')).toHaveCount(2);
    await review.getByTestId('admin-review-note').fill('Reviewed the replay: paid as played');
    await snap(staffPage, 'fair-play-03-support-review');
    await expectAccessible(staffPage);
    await review.getByTestId('admin-review-release').click();
    await expect(review.getByTestId('admin-review-status')).toHaveText('Released');

    // The winner is paid once; History → Details say released, with support's note and green checks.
    const paid = await balanceOf(request, bot);
    expect(paid).toBeGreaterThan(50);
    expect(await balanceOf(request, idler)).toBe(45);
    await botPage.goto('/profile');
    await expect(botPage.getByTestId('balance')).toContainText(`$${paid.toFixed(2)}`);
    await botPage.getByTestId('profile-tab-history').click();
    const paidRow = botPage.getByTestId('history-row').filter({ hasText: idler.username });
    await expect(paidRow).toContainText('Win');
    await paidRow.getByRole('button', { name: 'Details' }).click();
    await expect(botPage.getByTestId('round-review')).toContainText('Released by support');
    await expect(botPage.getByTestId('round-review-note')).toContainText('Reviewed the replay: paid as played');
    const checks = botPage.getByTestId('match-details').getByTestId('fairness-check');
    await expect(checks.locator('.fairness-ok')).toHaveCount(2);
    await expect(checks.locator('.fairness-bad')).toHaveCount(0);
    await snap(botPage, 'fair-play-04-history-released');

    await phone.reload();
    await phone.getByTestId('profile-tab-history').click();
    await phone
      .getByTestId('history-row')
      .filter({ hasText: idler.username })
      .getByRole('button', { name: 'Detalles' })
      .click();
    await expect(phone.getByTestId('round-review')).toContainText('Liberada por soporte');
    await snap(phone, 'fair-play-05-history-released-es-phone');
    await expectAccessible(phone);
    await botContext.close();
    await phoneContext.close();
    await staffContext.close();
  });
});
