import { Module } from '@nestjs/common';
import { PagesModule } from '../pages/pages.module';
import { AccountPageController } from './account-page.controller';

/** `GET /account`: the page where a person signs up, manages keys and sees plan, usage and boosts. */
@Module({
  imports: [PagesModule],
  controllers: [AccountPageController],
})
export class AccountPageModule {}
