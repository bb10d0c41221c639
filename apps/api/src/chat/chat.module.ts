import { Module } from '@nestjs/common';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { LLM_CLIENT, llmProvider } from './llm.provider';

@Module({ controllers: [ChatController], providers: [llmProvider, ChatService], exports: [LLM_CLIENT] })
export class ChatModule {}
