/** A Mantine Anchor that navigates with the router, typed like the router's Link (path params checked). */
import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type Props = AnchorProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

const RoutedAnchor = forwardRef<HTMLAnchorElement, Props>((props, ref) => <Anchor ref={ref} {...props} />);
RoutedAnchor.displayName = 'RoutedAnchor';

const Created = createLink(RoutedAnchor);

export const AnchorLink: LinkComponent<typeof RoutedAnchor> = (props) => <Created preload="intent" {...props} />;
