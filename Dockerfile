# Multi-stage build: compile with the Rust toolchain, ship a small Debian runtime that
# runs as an unprivileged user. The SQLite query log lives in the /data volume.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock build.rs ./
COPY src src
COPY locales locales
COPY migrations migrations
COPY data data
COPY templates templates
COPY assets assets
COPY benches benches
# The dist profile: whole-program LTO (Cargo.toml), slower to build, a little faster to run.
RUN cargo build --profile dist --locked --bin vramguide

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data vramguide \
    && mkdir -p /data && chown vramguide /data
COPY --from=build /src/target/dist/vramguide /usr/local/bin/vramguide
USER vramguide
WORKDIR /data
ENV DATABASE_URL=sqlite:///data/vramguide.db \
    VRAMGUIDE_DATA_DIR=/data \
    VRAMGUIDE_ADDR=0.0.0.0:8080
EXPOSE 8080
VOLUME ["/data"]
ENTRYPOINT ["vramguide"]
