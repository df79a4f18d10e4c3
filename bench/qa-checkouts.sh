#!/bin/sh
# Re-creates the checkouts the tools were tried on as an agent would (real repositories, at least one per language,
# none of them a benchmark corpus nor a repository the issues name as measuring the project; the first column names
# the checkout): each is the parent of a
# pinned commit, committed into a fresh git repository, with the pinned commit's own diff beside it (<name>.patch)
# to try detect_changes on a real change.
#   sh bench/qa-checkouts.sh [DEST [NAME...]]   (DEST defaults to /work/qa; mirrors come from /work/.mirror/<owner>+<name>;
#   NAMEs re-create only those checkouts)
set -eu
DEST=${1:-/work/qa}
[ $# -gt 0 ] && shift
ONLY=" $* "
MIRRORS=${MIRRORS:-/work/.mirror}
mkdir -p "$DEST"
while read -r name repo commit; do
  [ -n "$name" ] || continue
  [ "$ONLY" = "  " ] || case "$ONLY" in *" $name "*) ;; *) continue ;; esac
  git_dir="$MIRRORS/$(echo "$repo" | tr / +)/repo"
  out="$DEST/$name"
  rm -rf "$out" && mkdir -p "$out"
  git --git-dir "$git_dir" archive "$commit^" | tar -x -C "$out"
  git --git-dir "$git_dir" diff "$commit^" "$commit" > "$DEST/$name.patch"
  (cd "$out" && git init -q && git add -A && git -c user.name=qa -c user.email=qa@localhost commit -qm "$repo at $commit^")
  echo "$name: $repo $commit^ -> $out"
done <<'LIST'
python pallets/itsdangerous 4bb03cd6819228f30079885297299fe568a62863
go go-chi/chi 87c34a24a64984d80c6f1d11eb19dc8584930433
java jhy/jsoup b035b623d3d1d0c50d84056d2946ba1a90f7f665
csharp commandlineparser/commandline ff825e52d032c72014ff3d0dd8c5e938ab34e1be
rust dtolnay/anyhow 6e8c000690151cba99305092024535905b2be162
c DaveGamble/cJSON a328d65ad490b64da8c87523cbbfe16050ba5bf6
cpp leethomason/tinyxml2 aba13c50bf7ec2d0a8e47719ceda264b27297240
ruby jnunemaker/httparty 37799836fa0f864962acc7afbdd723b92e3b9d07
php vlucas/phpdotenv 416df702837983f8d5ff48c9c3fee4f5f57b980b
kotlin michaelbull/kotlin-result 1969f9d8eab4b9be3f3f7b9e93b03693935cbda4
swift SwiftyJSON/SwiftyJSON f02c453bb544085109a02f2f2fe8f2cfb0b7f6e8
typescript panva/jose 52ba1592cb7fe9e1995bd4c8230e3a5da56230c7
javascript pinojs/pino b394c2c16ac6a8919cd33d7f5684a01baca1096f
python-web nsidnev/fastapi-realworld-example-app 728c6523e6afff2d763eba73ea22a7c0b29a9a51
python-cli pypa/build 561f3310a11f50fadb0e4aab4b17d478116c9be6
typescript-di microsoft/tsyringe 2e3c099aa2f99697b6c13d27f14b9cee0e1dba5b
go-web bxcodec/go-clean-arch 76991876e8c23b45dbac338f0b0a1312783181b7
java-web spring-projects/spring-petclinic 142321aa3ed056eeda0662c1987b76db25b3d736
rust-service tokio-rs/mini-redis 3d93b42bc363220f85af4fc9e1bebd35b588a4a3
csharp-web gothinkster/aspnetcore-realworld-example-app 3329c1053016d0d3dfb13997f13b82ffaa90c89f
ruby-cli rails/thor 59a764a221d7d3d45455c1fb23f0067b2d8d9eee
php-web slimphp/Slim 5542d85ddb8645e2b6bba2d91905863ecf380edd
python-django HackSoftware/Django-Styleguide-Example 00107c24554a811f369d3f908a15763cb77dbf2a
python-httpie httpie/cli 0689b55e1d0a16385b7e275db4458c155d746b6a
typescript-nest brocoders/nestjs-boilerplate 9620f159eefe38f47747d02ab162852367c5472c
javascript-kuma louislam/uptime-kuma e1937a6d25d875d52b66b622d3d03e16c8198c06
LIST
