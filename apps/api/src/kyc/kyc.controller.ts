import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  type KycInquiryDto,
  type KycSandboxDeliveryDto,
  KycSandboxOutcomeDto,
  type KycStatusDto,
  type KycWebhookAckDto,
  SourceOfFundsRequestDto,
} from '@skillduel/contracts';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import { ApiAnswer } from '../openapi/api-answer.decorator';
import { KycReviewService } from './kyc-review.service';
import { KycService } from './kyc.service';

/** Identity verification (docs/product/kyc.md): the player's routes, the providers' webhooks, the sandbox's page. */
@ApiTags('kyc')
@Controller('kyc')
export class KycController {
  constructor(
    private readonly kyc: KycService,
    private readonly reviews: KycReviewService,
  ) {}

  @Get()
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'The player’s tier and status, what is required next and why' })
  @ApiAnswer('KycStatusDto')
  status(@CurrentUser() user: AuthUser): Promise<KycStatusDto> {
    return this.kyc.status(user.userId);
  }

  @Post('inquiries')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Starts an identity check: reference, hosted_url (send the player there), expires_at' })
  @ApiResponse({
    status: 403,
    description: 'VERIFICATION_REQUIRED (tier basic): verify the email, confirm eligibility',
  })
  @ApiResponse({ status: 409, description: 'ALREADY_VERIFIED, or VERIFICATION_CLOSED (final refusal, in review)' })
  @ApiAnswer('KycInquiryDto', { status: 201 })
  startInquiry(@CurrentUser() user: AuthUser): Promise<KycInquiryDto> {
    return this.kyc.startInquiry(user.userId);
  }

  @Post('source-of-funds')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'A verified player declares their source of funds; support reviews it (enhanced tier)' })
  @ApiResponse({ status: 403, description: 'VERIFICATION_REQUIRED (tier verified)' })
  @ApiResponse({ status: 409, description: 'ALREADY_ENHANCED' })
  @ApiAnswer('KycStatusDto')
  async submitSourceOfFunds(
    @CurrentUser() user: AuthUser,
    @Body() body: SourceOfFundsRequestDto,
  ): Promise<KycStatusDto> {
    await this.reviews.submitSourceOfFunds(user.userId, body);
    return this.kyc.status(user.userId);
  }

  @Post('webhooks/:provider')
  @HttpCode(200)
  @ApiOperation({ summary: 'The identity provider’s signed webhook (HMAC-SHA256 over timestamp + raw body)' })
  @ApiBody({
    description: 'The provider’s own event JSON, exactly as signed (the signature covers the raw bytes)',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiAnswer('KycWebhookAckDto')
  @ApiResponse({ status: 401, description: 'INVALID_SIGNATURE' })
  @ApiResponse({ status: 400, description: 'WEBHOOK_TOO_OLD, INVALID_WEBHOOK, UNKNOWN_REFERENCE' })
  webhook(@Param('provider') provider: string, @Req() request: FastifyRequest): Promise<KycWebhookAckDto> {
    return this.kyc.receiveWebhook(provider, request.rawJsonText, request.headers);
  }

  @Post('sandbox/:reference/outcome')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sandbox provider only: the tester’s outcome, delivered as a signed webhook' })
  @ApiAnswer('KycSandboxDeliveryDto', { status: 202 })
  sandboxOutcome(
    @Param('reference') reference: string,
    @Body() body: KycSandboxOutcomeDto,
  ): Promise<KycSandboxDeliveryDto> {
    return this.kyc.sandboxOutcome(reference, body);
  }
}
