import { useQuery } from '@tanstack/react-query';
import type { Assignee } from '@tourdesk/contracts/todos.schema';
import { api } from '../lib/api-client.ts';

/** The office's staff a to-do or a task can be given to (GET /todos/assignees), for the to-do and task forms. */
export function useAssignees() {
  return useQuery({ queryKey: ['todo-assignees'], queryFn: () => api<Assignee[]>('/todos/assignees') });
}
