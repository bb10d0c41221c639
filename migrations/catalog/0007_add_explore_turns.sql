-- Explore runs kept as conversation turns, like chat turns: the message says which it is, and an explore answer
-- keeps the agent's steps (JSON array, null for chat messages and for questions).

ALTER TABLE conversation_messages ADD COLUMN kind TEXT NOT NULL DEFAULT 'chat' CHECK (kind IN ('chat', 'explore'));
ALTER TABLE conversation_messages ADD COLUMN steps TEXT;
