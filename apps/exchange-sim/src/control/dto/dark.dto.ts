import { IsIn } from 'class-validator';
import { DARK_MODES, type DarkModeName } from '../../dark/dark-mode';

export class DarkDto {
  @IsIn(DARK_MODES, { message: `mode must be one of ${DARK_MODES.join(', ')}` })
  mode!: DarkModeName;
}
