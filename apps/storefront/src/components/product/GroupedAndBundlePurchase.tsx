'use client';

import dynamic from 'next/dynamic';

// Turbopack puts every client component a page imports into that page's chunks. The buy boxes
// of grouped and bundle products, which are few, are dynamic imports instead: a page loads one
// only when it renders it (still on the server, so the HTML has the whole buy box).
export const GroupedPurchase = dynamic(() => import('./GroupedPurchase.tsx').then((module) => module.GroupedPurchase));
export const BundlePurchase = dynamic(() => import('./BundlePurchase.tsx').then((module) => module.BundlePurchase));
