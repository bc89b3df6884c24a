# syntax=docker/dockerfile:1
# The sortkey command in a container: `sortkey` is the entry point.
#
#   docker build --build-arg SORTKEY_COMMIT="$(git rev-parse HEAD)" -t sortkey .
#   docker run --rm sortkey --version
#   docker run --rm -v "$PWD:/w" -w /w sortkey certify --codec-cmd "python3 my_adapter.py"
#
# Two stages on Debian 12: the build stage compiles the tool with the release
# preset (its packages are among ci/install_deps.sh's); the runtime stage has
# only the libraries the binary links (the packages of ci/runtime_packages.sh),
# CA certificates for HTTPS endpoints, and python3 and nodejs for the reference
# adapters and adapters like them. ci/node/check_dockerfile.mjs holds both
# lists to that in the test run.

FROM debian:bookworm-slim AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      g++ cmake ninja-build pkg-config \
      libfmt-dev libcli11-dev nlohmann-json3-dev libicu-dev \
      librapidcheck-dev libcurl4-openssl-dev libssl-dev libyaml-cpp-dev libgoogle-perftools-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The build context has no .git: the commit comes from the command line.
ARG SORTKEY_COMMIT=""
RUN cmake --preset release -DSORTKEY_BUILD_TESTS=OFF -DSORTKEY_BUILD_BENCH=OFF \
      -DSORTKEY_BUILD_FUZZERS=OFF -DSORTKEY_COMMIT="${SORTKEY_COMMIT}" \
 && cmake --build --preset release --target sortkey_cli \
 && install -D -m 755 -s build/release/tools/sortkey /out/usr/local/bin/sortkey \
 && install -D -m 644 LICENSE /out/usr/share/doc/sortkey/LICENSE

FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libc6 libgcc-s1 libstdc++6 libfmt9 libicu72 libcurl4 libssl3 libyaml-cpp0.7 libtcmalloc-minimal4 \
      ca-certificates python3 nodejs \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/ /
WORKDIR /w
ENTRYPOINT ["sortkey"]
CMD ["--help"]
