import { DynamicModule, Module } from '@nestjs/common';
import type { LecternConfig } from '@lectern/config';
import { AuthModule } from './auth/auth.module';
import { ChatModule } from './chat/chat.module';
import { ConversationsModule } from './conversations/conversations.module';
import { CoreModule } from './core/core.module';
import { DocumentsModule } from './documents/documents.module';
import { ExploreModule } from './explore/explore.module';
import { ExportModule } from './export/export.module';
import { HealthModule } from './health/health.module';
import { ImportModule } from './import/import.module';
import { McpModule } from './mcp/mcp.module';
import { ProjectsModule } from './projects/projects.module';
import { SearchModule } from './search/search.module';
import { WebModule } from './web/web.module';

@Module({})
export class AppModule {
  static register(config: LecternConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config),
        AuthModule,
        ProjectsModule,
        DocumentsModule,
        SearchModule,
        ExportModule,
        ImportModule,
        McpModule,
        HealthModule,
        ChatModule,
        ConversationsModule,
        ExploreModule,
        WebModule,
      ],
    };
  }
}
