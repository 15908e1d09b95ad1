import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../../tests/support/web/fake-api';
import { renderRoutes } from '../../../../../tests/support/web/render';
import { PostLinks } from './post-links';

describe("a post's buttons in the feed", () => {
  beforeEach(() => {
    fakeApi();
  });

  it('open a web page in a new tab, and a call or an email in place, where the phone hands it to its app', () => {
    const actions = [
      { label: 'Book a table', url: 'https://bar.example.com/book' },
      { label: 'Call us', url: 'tel:+421900123456' },
      { label: 'Write us', url: 'mailto:table@bar.example?subject=Table' },
    ];
    renderRoutes([{ path: '/', element: <PostLinks link={null} actions={actions} /> }]);
    const book = screen.getByRole('link', { name: 'Book a table' });
    expect(book).toHaveAttribute('href', actions[0]!.url);
    expect(book).toHaveAttribute('target', '_blank');
    for (const action of actions.slice(1)) {
      const button = screen.getByRole('link', { name: action.label });
      expect(button).toHaveAttribute('href', action.url);
      expect(button).not.toHaveAttribute('target');
    }
  });
});
