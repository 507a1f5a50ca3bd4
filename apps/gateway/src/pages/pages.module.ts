import { Module } from '@nestjs/common';
import { PageFiles } from './page-files';

/** What the gateway's pages for people share: their files in memory and their headers. */
@Module({
  providers: [PageFiles],
  exports: [PageFiles],
})
export class PagesModule {}
