import { Module } from '@nestjs/common';
import { KeysModule } from '../keys';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ProtectedOperation } from './protected-operation';
import { ProtectedOperationGuard } from './protected-operation.guard';

/** The checks of a protected operation, for Nest's routes (the guard) and the price lane alike. */
@Module({
  imports: [KeysModule, RateLimitModule],
  providers: [ProtectedOperation, ProtectedOperationGuard],
  exports: [ProtectedOperation, ProtectedOperationGuard],
})
export class OperationsModule {}
