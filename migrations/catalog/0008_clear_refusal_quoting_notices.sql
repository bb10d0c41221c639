-- A refusal kept before the composer stopped adding its note about quoting still held that note ("… made of
-- sentences quoted from the sources"), though it quotes nothing: cleared once here, so reads need no filter.
-- Matches a refusal as the composer writes it (NO_ANSWER_TEXT, no citations) with either quoting notice
-- (NOTICE_NO_LLM, NOTICE_LLM_DOWN in libs/retrieval answer.types.ts, as they read when such rows were written).

UPDATE conversation_messages
SET notice = NULL
WHERE role = 'assistant'
  AND json_array_length(citations) = 0
  AND trim(content, ' ' || char(9) || char(10) || char(13)) = 'The sources in this project don''t contain an answer to that.'
  AND notice IN (
    'No LLM is configured, so this answer is made of sentences quoted from the sources.',
    'The LLM could not be reached, so this answer is made of sentences quoted from the sources.'
  );
