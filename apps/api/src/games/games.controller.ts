import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { GamesService } from './games.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

@ApiTags('games')
@Controller('games')
export class GamesController {
  constructor(private readonly games: GamesService) {}

  /** Served with and without the trailing slash (the spec calls `/games/`; see routerOptions in bootstrap). */
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  @ApiAnswer('GameDto', { list: true, description: 'The built-in games catalogue (money fields in dollars).' })
  list(): Promise<string> {
    return this.games.listJson();
  }
}
