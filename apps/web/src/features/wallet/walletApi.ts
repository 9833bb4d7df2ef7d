import {
  IDEMPOTENCY_KEY_HEADER,
  TRANSACTIONS_PAGE,
  type PaymentMethod,
  type TransactionDto,
  type User,
  type WalletOperationResponseDto,
} from '@skillduel/contracts';
import { api } from '../../app/api';
import type { AppThunk } from '../../app/store';
import { applyCurrentUser, currentUserApi } from '../session/currentUserApi';
import { centsToWireDollars, dollarsToCents, statsOf, type MoneyMoveKind } from './money';

/** Rows per page of the History tab ("Load more" asks for the next page). */
export const HISTORY_PAGE_SIZE = 20;
/** The Overview reads this many rows: the chart uses all of them, the list the five newest. */
export const OVERVIEW_TRANSACTIONS_LIMIT = TRANSACTIONS_PAGE.defaultLimit;
/** While a shown transaction is pending, its list is reloaded this often, so a withdrawal is seen to complete. */
export const PENDING_POLL_INTERVAL_MS = 3_000;

/** One confirmed deposit or withdrawal. `idempotencyKey` is made once per confirmation and reused by retries. */
export interface MoneyMoveRequest {
  amountCents: number;
  paymentMethod: PaymentMethod;
  idempotencyKey: string;
  /** A withdrawal of an account with 2FA on: the current authenticator code (decision 1001). */
  twoFactorCode?: string;
}

const transactionsUrl = (limit: number, offset = 0) =>
  offset > 0 ? `/transactions?limit=${limit}&offset=${offset}` : `/transactions?limit=${limit}`;

const moveRequest = (
  path: string,
  { amountCents, paymentMethod, idempotencyKey, twoFactorCode }: MoneyMoveRequest,
) => ({
  url: path,
  method: 'POST',
  body: {
    amount: centsToWireDollars(amountCents),
    payment_method: paymentMethod,
    ...(twoFactorCode === undefined ? {} : { two_factor_code: twoFactorCode }),
  },
  headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
});

export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/transactions?limit — the newest transactions, for the Overview's list and chart. */
    getRecentTransactions: build.query<TransactionDto[], number>({
      query: (limit) => transactionsUrl(limit),
      providesTags: ['Transactions'],
    }),

    /** GET /api/transactions?limit&offset — the History tab, a page at a time, newest first. */
    getTransactionHistory: build.infiniteQuery<TransactionDto[], void, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _allPages, lastOffset) =>
          lastPage.length < HISTORY_PAGE_SIZE ? undefined : lastOffset + lastPage.length,
      },
      query: ({ pageParam }) => transactionsUrl(HISTORY_PAGE_SIZE, pageParam),
      providesTags: ['Transactions'],
    }),

    /**
     * POST /api/transactions/deposit (201). Whatever the outcome (a lost answer may still have moved money), the
     * history and the user's figures are reloaded.
     */
    deposit: build.mutation<WalletOperationResponseDto, MoneyMoveRequest>({
      query: (request) => moveRequest('/transactions/deposit', request),
      invalidatesTags: ['Transactions', 'CurrentUser'],
      onQueryStarted: async (request, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(applyMoneyMove('deposit', request.amountCents, data.current_balance));
        } catch {
          // The page reports the failure; nothing to adjust.
        }
      },
    }),

    /** POST /api/transactions/withdraw (202, pending). Reloads like deposit. */
    withdraw: build.mutation<WalletOperationResponseDto, MoneyMoveRequest>({
      query: (request) => moveRequest('/transactions/withdraw', request),
      invalidatesTags: ['Transactions', 'CurrentUser'],
      onQueryStarted: async (request, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(applyMoneyMove('withdrawal', request.amountCents, data.current_balance));
        } catch {
          // See deposit.
        }
      },
    }),
  }),
});

/**
 * After a successful deposit or withdrawal the local balance is adjusted at once — to the balance the
 * server answered — in the session (top bar, and its stored copy) and in the cached current user, whose total
 * deposited / withdrawn grows by the amount. The reload that follows (tag invalidation) brings the server's figures.
 */
export const applyMoneyMove =
  (kind: MoneyMoveKind, amountCents: number, currentBalance: number): AppThunk =>
  (dispatch, getState) => {
    const field = kind === 'deposit' ? 'total_deposited' : 'total_withdrawn';
    const adjusted = <T extends User>(user: T): T => {
      const stats = statsOf(user);
      return {
        ...user,
        current_balance: currentBalance,
        balance: currentBalance,
        stats: { ...stats, [field]: centsToWireDollars(dollarsToCents(stats[field]) + amountCents) },
      };
    };
    const session = getState().session;
    if (session.kind === 'signedIn') dispatch(applyCurrentUser(adjusted(session.user)));
    dispatch(currentUserApi.util.updateQueryData('getCurrentUser', undefined, (user) => adjusted(user)));
  };

export const {
  useGetRecentTransactionsQuery,
  useGetTransactionHistoryInfiniteQuery,
  useDepositMutation,
  useWithdrawMutation,
} = walletApi;
