import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module';
import { ExploreController } from './explore.controller';
import { ExploreService } from './explore.service';

/** Reuses the chat module's LLM client: one client per API process. */
@Module({ imports: [ChatModule], controllers: [ExploreController], providers: [ExploreService] })
export class ExploreModule {}
