import { z } from 'zod';
import { DeclarativeTool, zodParameters } from '../declarative-tool.js';
import { Kind } from '../kind.js';
import type { ToolInvocation } from '../tool-invocation.js';
import type { TodoItemView, ToolResult } from '../tool-result.js';

const DESCRIPTION = `Keeps the task list for this session, shown to the user. Send the whole list each time: every item with its status (pending, in_progress, completed). Keep at most one item in_progress. Use it for work with several steps; update it as you finish each step.`;

const schema = z.strictObject({
  todos: z
    .array(
      z.strictObject({
        id: z.string().optional().describe('Stable id; generated from the position when absent.'),
        content: z.string().min(1).describe('What to do.'),
        status: z.enum(['pending', 'in_progress', 'completed']),
      }),
    )
    .describe('The complete task list.'),
});
type Params = z.output<typeof schema>;

/** The session's task list; the UI subscribes to show it. */
export class TodoStore {
  private items: readonly TodoItemView[] = [];
  private readonly listeners = new Set<(items: readonly TodoItemView[]) => void>();

  get todos(): readonly TodoItemView[] {
    return this.items;
  }

  /** Replaces the list and notifies subscribers. */
  set(items: readonly TodoItemView[]): void {
    this.items = items;
    for (const listener of this.listeners) listener(items);
  }

  /** Calls `listener` with every new list; returns the unsubscribe function. */
  subscribe(listener: (items: readonly TodoItemView[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** `todo_write {todos}`. */
export class TodoWriteTool extends DeclarativeTool<Params> {
  constructor(private readonly store: TodoStore) {
    super({ name: 'todo_write', displayName: 'Update tasks', description: DESCRIPTION, kind: Kind.Think, parameters: zodParameters(schema) });
  }

  protected override validateParams(params: Params): string | undefined {
    const active = params.todos.filter((todo) => todo.status === 'in_progress').length;
    if (active > 1) return `${active} items are in_progress; keep at most one in_progress and mark the others pending or completed.`;
    return undefined;
  }

  protected createInvocation(params: Params): ToolInvocation<Params> {
    return this.quietInvocation(params, {
      description: `Update the task list (${params.todos.length} items)`,
      execute: (): Promise<ToolResult> => {
        const todos = params.todos.map((todo, index) => ({ id: todo.id ?? String(index + 1), content: todo.content, status: todo.status }));
        this.store.set(todos);
        const done = todos.filter((todo) => todo.status === 'completed').length;
        const lines = todos.map((todo) => `[${todo.status === 'completed' ? 'x' : todo.status === 'in_progress' ? '>' : ' '}] ${todo.content}`);
        return Promise.resolve({ llmContent: `Task list updated (${done}/${todos.length} completed):\n${lines.join('\n')}`, display: { type: 'todos', todos } });
      },
    });
  }
}
