import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  DepositRequestDto,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  TransactionDto,
  TransactionsQueryDto,
  WithdrawRequestDto,
} from '@skillduel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { clientContextOf } from '../auth/request-context';
import { WalletAnswer, WalletService } from './wallet.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

const idempotencyHeaderDoc = {
  name: IDEMPOTENCY_KEY_HEADER,
  required: false,
  description:
    'Any unique string (a UUID) per intended operation. A retry with the same key returns the first answer and moves nothing; the same key with a different body answers 422. Keys are kept at least 24 hours.',
};

/** The wallet calls (docs/product/wallet.md). Amounts are dollars on the wire, integer cents inside. */
@ApiTags('transactions')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('transactions')
export class TransactionsController {
  constructor(private readonly wallet: WalletService) {}

  @Post('deposit')
  @ApiHeader(idempotencyHeaderDoc)
  @ApiAnswer('WalletOperationResponseDto', { status: 201, description: 'Deposited: { transaction, current_balance }' })
  @ApiResponse({ status: 400, description: "The spec's amount and method messages" })
  @ApiResponse({ status: 402, description: "The provider declined: 'Deposit failed. Please try again.'" })
  @ApiResponse({ status: 403, description: 'Deposits are not enabled for this account' })
  async deposit(
    @CurrentUser() user: AuthUser,
    @Body() body: DepositRequestDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const clientIp = clientContextOf(request).ip;
    return send(reply, await this.wallet.deposit(user.userId, body, idempotencyKey, String(request.id), clientIp));
  }

  @Post('withdraw')
  @ApiHeader(idempotencyHeaderDoc)
  @ApiAnswer('WalletOperationResponseDto', {
    status: 202,
    description: 'Withdrawal pending: { transaction, current_balance }',
  })
  @ApiResponse({ status: 400, description: "The spec's amount and method messages, 'Insufficient balance'" })
  @ApiResponse({ status: 403, description: 'Withdrawals are not enabled for this account' })
  @ApiResponse({ status: 429, description: 'Too many wrong authenticator codes: withdrawals only, for 15 minutes' })
  async withdraw(
    @CurrentUser() user: AuthUser,
    @Body() body: WithdrawRequestDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const answer = await this.wallet.withdraw(
      user.userId,
      body,
      idempotencyKey,
      String(request.id),
      clientContextOf(request).ip,
    );
    return send(reply, answer);
  }

  /** The caller's transactions, newest first (`?limit=1..100&offset=0..`). Only ever the caller's own. */
  @Get()
  @HttpCode(200)
  @ApiAnswer('TransactionDto', { list: true })
  list(@CurrentUser() user: AuthUser, @Query() query: TransactionsQueryDto): Promise<TransactionDto[]> {
    return this.wallet.history(user.userId, query);
  }
}

/** Sends a wallet answer as it was first produced (also a stored refusal, so replays are identical). */
function send(reply: FastifyReply, answer: WalletAnswer): unknown {
  void reply.status(answer.statusCode);
  if (answer.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return answer.body;
}
