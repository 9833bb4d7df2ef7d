import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { GameDto } from '@skillduel/contracts';
import { GamesService } from './games.service';

@ApiTags('games')
@Controller('games')
export class GamesController {
  constructor(private readonly games: GamesService) {}

  /** Served with and without the trailing slash (the spec calls `/games/`; see routerOptions in bootstrap). */
  @Get()
  @ApiOkResponse({ description: 'The built-in games catalogue (money fields in dollars).' })
  list(): Promise<GameDto[]> {
    return this.games.list();
  }
}
