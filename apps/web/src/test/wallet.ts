import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  VALIDATION_MESSAGES,
  type PaymentMethod,
  type TransactionDto,
  type User,
  type WalletOperationResponseDto,
} from '@skillduel/contracts';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { STORAGE_KEYS } from '../app/storage';
import { buildUser } from './factories';
import { apiUrl, server } from './server';

let transactionSeq = 0;

export function buildTransaction(overrides: Partial<TransactionDto> = {}): TransactionDto {
  transactionSeq += 1;
  return {
    id: `tx-${transactionSeq}`,
    type: 'deposit',
    amount: 10,
    status: 'completed',
    payment_method: 'card',
    created_at: new Date(Date.UTC(2026, 0, 1, 12, 0, transactionSeq)).toISOString(),
    balance_after: 10,
    ...overrides,
  };
}

/** A signed-in session in localStorage, as the app stores it after login. */
export function storeSignedInUser(user: User = buildUser()): User {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'access-token-1');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-token-1');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}

interface RecordedMove {
  path: 'deposit' | 'withdraw';
  idempotencyKey: string | null;
  body: { amount: number; payment_method: PaymentMethod };
}

/**
 * An in-memory wallet behind msw: GET /users/me/, GET /transactions (limit/offset, newest first) and the two
 * money POSTs with Idempotency-Key replay. Tests read and change its state directly.
 */
export interface FakeWallet {
  user: User;
  /** Newest first. */
  transactions: TransactionDto[];
  moves: RecordedMove[];
  historyRequests: { limit: number; offset: number }[];
  userRequests: number;
}

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

export function installFakeWallet(
  options: { user?: Partial<User>; transactions?: TransactionDto[]; store?: boolean } = {},
): FakeWallet {
  const wallet: FakeWallet = {
    user: buildUser(options.user),
    transactions: [...(options.transactions ?? [])],
    moves: [],
    historyRequests: [],
    userRequests: 0,
  };
  const answers = new Map<string, { status: number; body: JsonBodyType }>();
  if (options.store !== false) storeSignedInUser(wallet.user);

  const move = (path: RecordedMove['path']) =>
    http.post(apiUrl(`/transactions/${path}`), async ({ request }) => {
      const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
      const body = (await request.json()) as RecordedMove['body'];
      wallet.moves.push({ path, idempotencyKey: key, body });
      const replay = key ? answers.get(key) : undefined;
      if (replay)
        return HttpResponse.json(replay.body, {
          status: replay.status,
          headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
        });

      const amountCents = toCents(body.amount);
      const balanceCents = toCents(wallet.user.current_balance);
      let answer: { status: number; body: JsonBodyType };
      if (path === 'withdraw' && amountCents > balanceCents) {
        const detail = VALIDATION_MESSAGES.insufficientBalance;
        answer = { status: 400, body: { statusCode: 400, detail, message: detail } };
      } else {
        const newBalance = toDollars(balanceCents + (path === 'deposit' ? amountCents : -amountCents));
        const transaction = buildTransaction({
          type: path === 'deposit' ? 'deposit' : 'withdrawal',
          amount: body.amount,
          status: path === 'deposit' ? 'completed' : 'pending',
          payment_method: body.payment_method,
          created_at: new Date().toISOString(),
          balance_after: newBalance,
        });
        wallet.transactions.unshift(transaction);
        const stats = wallet.user.stats;
        wallet.user = {
          ...wallet.user,
          current_balance: newBalance,
          balance: newBalance,
          stats:
            path === 'deposit'
              ? { ...stats, total_deposited: toDollars(toCents(stats.total_deposited) + amountCents) }
              : { ...stats, total_withdrawn: toDollars(toCents(stats.total_withdrawn) + amountCents) },
        };
        const response: WalletOperationResponseDto = { transaction, current_balance: newBalance };
        answer = { status: path === 'deposit' ? 201 : 202, body: response };
      }
      if (key) answers.set(key, answer);
      return HttpResponse.json(answer.body, { status: answer.status });
    });

  server.use(
    http.get(apiUrl('/users/me/'), () => {
      wallet.userRequests += 1;
      return HttpResponse.json(wallet.user);
    }),
    http.get(apiUrl('/transactions'), ({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      wallet.historyRequests.push({ limit, offset });
      return HttpResponse.json(wallet.transactions.slice(offset, offset + limit));
    }),
    move('deposit'),
    move('withdraw'),
  );
  return wallet;
}
