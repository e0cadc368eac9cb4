#!/bin/sh
# As the official redis image's entrypoint: arguments starting with "-" go to redis-server;
# redis-server runs as the redis user, owning /data, with protected mode off.
set -eu
if [ "${1#-}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = redis-server ]; then
  set -- "$@" --protected-mode no
  if [ "$(id -u)" = 0 ]; then
    chown -R redis:redis .
    exec setpriv --reuid=redis --regid=redis --init-groups "$@"
  fi
fi
exec "$@"
