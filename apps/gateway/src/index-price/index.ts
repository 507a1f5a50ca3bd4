export { IndexPriceModule } from './index-price.module';
export { IndexPriceService } from './index-price.service';
export { IndexPriceController } from './index-price.controller';
