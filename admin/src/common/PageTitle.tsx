import { useEffect } from 'react';
import { Title } from 'react-admin';
import { PRODUCT_NAME } from './brand';

/** Puts the screen's name in the layout's title bar and the browser tab. */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
  return <Title title={title} />;
}
