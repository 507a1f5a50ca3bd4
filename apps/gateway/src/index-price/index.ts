export { IndexPriceModule } from './index-price.module';
export { IndexPriceService } from './index-price.service';
