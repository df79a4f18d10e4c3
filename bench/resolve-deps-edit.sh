#!/bin/bash
# The soundness edits of bench/resolve-deps-check.ts (session incdeps): edit.sh CORPUS NAME FILE SED-EXPR copies the analyzed
# /tmp/incdeps-$CORPUS, applies the sed edit to FILE, analyzes the copy cold and checks the changed files against the recording.
# Corpora: rx (rxjs src), wp (webpack lib), three (three src), as in bench/resolve-deps.ts. Edits run:
# rx e1  internal/operators/takeUntil.ts 's/export function takeUntil</export function takeUntilX</'
# rx e2  internal/Observable.ts '347i\  fooBar(): number { return 1; }'
# rx e3  internal/Observable.ts 's/^  forEach(/  forEachX(/'
# rx e4  internal/types.ts '73s/unsubscribe()/unsubscribeX()/'
# rx e5  internal/util/isFunction.ts 's/export function isFunction(/export function isFunctionX(/'
# rx e6  internal/util/lift.ts '19s/): OperatorFunction<T, R> {/): any {/'
# rx e7  internal/Subscriber.ts '118s/_next(/_nextX(/'
# rx e8  internal/util/EmptyError.ts 's/export const EmptyError: EmptyErrorCtor/export const EmptyError: any/'
# rx e9  internal/Subscription.ts '18a\  asObservable(): number { return 1; }'
# rx e10 internal/Notification.ts '35a\  addEventListener(): number { return 1; }'
# rx e11 internal/Subscription.ts '120s/^  add(/  addX(/'
# rx e12 internal/Subscriber.ts '21s/extends Subscription implements/implements/'
# rx e13 internal/operators/OperatorSubscriber.ts '21s/): Subscriber<T> {/): OperatorSubscriber<T> {/'
# rx e14 internal/types.ts '91s/subscribe(/subscribeX(/'
# rx e15 internal/Subscriber.ts '157s/^  next(/  nextX(/'
# rx e16 internal/operators/OperatorSubscriber.ts '29s/extends Subscriber<T>/extends Subscription/;1i import { Subscription } from "../Subscription";'
# three t1 core/EventDispatcher.js '101s/dispatchEvent(/dispatchEventX(/'
# three t2 core/EventDispatcher.js '31s/addEventListener(/addEventListenerX(/'
# three t3 nodes/tsl/TSLBase.js '1i export function zzNewTop() { return 1; }'
# three t4 nodes/tsl/TSLBase.js '6s/^export \* from/\/\/ export * from/'
# wp w1 DependenciesBlock.js '62s/addDependency(/addDependencyX(/'
# wp w2 Entrypoint.js '63s/getRuntimeChunk(/getRuntimeChunkX(/'
# edit2.sh CORPUS NAME FILE SED-EXPR
set -e
c=$1; n=$2; file=$3; expr=$4
d=/tmp/incdeps-$c-$n
rm -rf $d; cp -r /tmp/incdeps-$c $d; rm -rf $d/.codegraph
before=$(md5sum $d/$file); sed -i "$expr" $d/$file; after=$(md5sum $d/$file)
[ "$before" != "$after" ] || { echo "$n: sed changed nothing"; exit 1; }
node "$(dirname "$0")/.."/bin/codegraph.mjs analyze $d > /tmp/$c-$n.analyze.log 2>&1
cd "$(dirname "$0")/.." && node --import tsx bench/resolve-deps-check.ts /tmp/incdeps-$c $d $file
