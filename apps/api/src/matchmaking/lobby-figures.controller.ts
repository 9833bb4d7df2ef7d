import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { LobbyFiguresDto } from '@skillduel/contracts';
import { LobbyFiguresService } from './lobby-figures.service';
import { ApiAnswer } from '../openapi/api-answer.decorator';

/** GET /matchmaking/figures: the lobby figures now (public, like the lobby); later changes are pushed. */
@ApiTags('matchmaking')
@Controller('matchmaking/figures')
export class LobbyFiguresController {
  constructor(private readonly figures: LobbyFiguresService) {}

  @Get()
  @ApiAnswer('LobbyFiguresDto', {
    description: 'LobbyFigures: players online, searching, playing, live matches per game',
  })
  current(): Promise<LobbyFiguresDto> {
    return this.figures.figures();
  }
}
