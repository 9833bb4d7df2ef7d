import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DevMailDto } from '@skillduel/contracts';
import { AppError } from '../../common/app-error';
import { ApiAnswer } from '../../openapi/api-answer.decorator';
import { DevMailbox } from './dev-mailbox';

@ApiTags('dev')
@Controller('dev/mail')
export class DevMailController {
  constructor(private readonly outbox: DevMailbox) {}

  /** The local outbox, newest first; 404 unless the server runs without a mail server and DEV_MAIL is on. */
  @Get()
  @ApiOperation({ summary: 'Local outbox of account mail (only under npm start without SMTP_URL)' })
  @ApiAnswer('DevMailDto', { list: true, description: 'Mails kept by the local outbox, newest first' })
  list(): DevMailDto[] {
    if (!this.outbox.enabled) throw AppError.notFound();
    return this.outbox.list();
  }
}
