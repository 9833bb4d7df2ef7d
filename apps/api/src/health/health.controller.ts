import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import type { HealthDto } from '@skillduel/contracts';
import { DataSource } from 'typeorm';
import { ApiAnswer } from '../openapi/api-answer.decorator';

@ApiTags('health')
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** 200 when the database answers, 503 otherwise (load balancers take the instance out). */
  @Get()
  @HttpCode(200)
  @ApiAnswer('HealthDto', { description: 'The database answers' })
  @ApiAnswer('HealthDto', { status: 503, description: 'The database does not answer: the same body, database "down"' })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthDto> {
    let database: HealthDto['database'] = 'up';
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      database = 'down';
      void reply.status(503);
    }
    return { status: database === 'up' ? 'ok' : 'error', database, uptime_seconds: Math.round(process.uptime()) };
  }
}
