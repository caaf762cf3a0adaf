//! A small JSON Schema (2020-12 subset) validator over the part of Discord's OpenAPI spec
//! the bot's request bodies use (`openapi-subset.json`, extracted from discord-api-spec,
//! MIT, see `openapi-LICENSE`).
//!
//! Supported: $ref (within the document), allOf, anyOf, oneOf (read as anyOf: the spec marks
//! its unions `x-discord-union: oneOf` but some alternatives overlap), type, enum, const,
//! min/maxLength, pattern, minimum/maximum, min/maxItems, items, uniqueItems, required,
//! properties, additionalProperties, maxProperties. Known gap of the spec (see its
//! SOURCE.md): permission bit sets are typed integer but Discord takes decimal strings, and
//! snowflakes are typed string but a new attachment's id is the number of its file part.

use serde_json::Value;

pub struct Spec {
    doc: Value,
}

/// Properties the spec types as integers that Discord (and serenity) send as strings.
const STRING_BITSETS: &[&str] = &["default_member_permissions", "permissions", "allow", "deny"];

impl Spec {
    pub fn load() -> Spec {
        let doc = serde_json::from_str(include_str!("openapi-subset.json")).expect("valid JSON");
        Spec { doc }
    }

    /// The request-body schema for a method and a concrete path (`/api/v10/...`).
    pub fn body_schema(&self, method: &str, path: &str) -> Option<&Value> {
        let path = path.strip_prefix("/api/v10").unwrap_or(path);
        let path = path.split('?').next().unwrap_or(path);
        let paths = self.doc["paths"].as_object()?;
        paths
            .iter()
            .filter(|(template, _)| matches(template, path))
            // Prefer the template with the most literal segments ("@original" over "{id}").
            .max_by_key(|(template, _)| template.split('/').filter(|s| !s.starts_with('{')).count())
            .and_then(|(_, ops)| ops.get(method.to_ascii_lowercase()))
    }

    /// Violations of the request body against the spec (empty when valid, or when the spec
    /// has no schema for the route).
    pub fn validate(&self, method: &str, path: &str, body: &Value) -> Vec<String> {
        let mut errors = Vec::new();
        if let Some(schema) = self.body_schema(method, path) {
            self.check(schema, body, "$", None, &mut errors);
        }
        errors
    }

    fn resolve<'a>(&'a self, schema: &'a Value) -> &'a Value {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(r) => {
                let name = r.rsplit('/').next().unwrap_or(r);
                let target = &self.doc["components"]["schemas"][name];
                self.resolve(target)
            }
            None => schema,
        }
    }

    fn check(
        &self,
        schema: &Value,
        v: &Value,
        at: &str,
        prop: Option<&str>,
        errs: &mut Vec<String>,
    ) {
        let s = self.resolve(schema);
        if let Some(all) = s.get("allOf").and_then(Value::as_array) {
            for sub in all {
                self.check(sub, v, at, prop, errs);
            }
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(alts) = s.get(key).and_then(Value::as_array) {
                let mut best: Option<Vec<String>> = None;
                for alt in alts {
                    let mut e = Vec::new();
                    self.check(alt, v, at, prop, &mut e);
                    if e.is_empty() {
                        best = Some(e);
                        break;
                    }
                    if best.as_ref().is_none_or(|b| e.len() < b.len()) {
                        best = Some(e);
                    }
                }
                if let Some(e) = best
                    && !e.is_empty()
                {
                    errs.push(format!(
                        "{at}: no alternative of {key} matched; closest: {e:?}"
                    ));
                }
            }
        }
        if let Some(t) = s.get("type") {
            let types: Vec<&str> = match t {
                Value::String(one) => vec![one.as_str()],
                Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            let bitset_string = prop.is_some_and(|p| STRING_BITSETS.contains(&p))
                && v.as_str()
                    .is_some_and(|s| s.chars().all(|c| c.is_ascii_digit()));
            // The spec types snowflakes as strings, but Discord's own file-upload example
            // gives a new attachment `"id": 0` (https://discord.com/developers/docs/reference
            // #uploading-files), and serenity sends it so.
            let snowflake_number = s.get("format").and_then(Value::as_str) == Some("snowflake")
                && v.as_u64().is_some();
            if !types.iter().any(|t| type_ok(t, v)) && !bitset_string && !snowflake_number {
                errs.push(format!("{at}: expected {types:?}, got {v}"));
                return;
            }
        }
        if let Some(e) = s.get("enum").and_then(Value::as_array)
            && !e.contains(v)
        {
            errs.push(format!("{at}: {v} not in enum {e:?}"));
        }
        if let Some(c) = s.get("const")
            && c != v
        {
            errs.push(format!("{at}: {v} is not {c}"));
        }
        match v {
            Value::String(text) => check_string(s, text, at, errs),
            Value::Number(n) => {
                let x = n.as_f64().unwrap_or(0.0);
                if let Some(min) = s.get("minimum").and_then(Value::as_f64)
                    && x < min
                {
                    errs.push(format!("{at}: {x} < minimum {min}"));
                }
                if let Some(max) = s.get("maximum").and_then(Value::as_f64)
                    && x > max
                {
                    errs.push(format!("{at}: {x} > maximum {max}"));
                }
            }
            Value::Array(items) => self.check_array(s, items, at, errs),
            Value::Object(map) => self.check_object(s, map, at, errs),
            _ => {}
        }
    }

    fn check_array(&self, s: &Value, items: &[Value], at: &str, errs: &mut Vec<String>) {
        if let Some(max) = s.get("maxItems").and_then(Value::as_u64)
            && items.len() as u64 > max
        {
            errs.push(format!("{at}: {} items > maxItems {max}", items.len()));
        }
        if let Some(min) = s.get("minItems").and_then(Value::as_u64)
            && (items.len() as u64) < min
        {
            errs.push(format!("{at}: {} items < minItems {min}", items.len()));
        }
        if s.get("uniqueItems") == Some(&Value::Bool(true)) {
            for (i, a) in items.iter().enumerate() {
                if items[..i].contains(a) {
                    errs.push(format!("{at}[{i}]: duplicate item"));
                }
            }
        }
        if let Some(item) = s.get("items") {
            for (i, v) in items.iter().enumerate() {
                self.check(item, v, &format!("{at}[{i}]"), None, errs);
            }
        }
    }

    fn check_object(
        &self,
        s: &Value,
        map: &serde_json::Map<String, Value>,
        at: &str,
        errs: &mut Vec<String>,
    ) {
        if let Some(required) = s.get("required").and_then(Value::as_array) {
            for r in required.iter().filter_map(Value::as_str) {
                if !map.contains_key(r) {
                    errs.push(format!("{at}: missing required '{r}'"));
                }
            }
        }
        if let Some(max) = s.get("maxProperties").and_then(Value::as_u64)
            && map.len() as u64 > max
        {
            errs.push(format!(
                "{at}: {} properties > maxProperties {max}",
                map.len()
            ));
        }
        let props = s.get("properties").and_then(Value::as_object);
        for (k, v) in map {
            let path = format!("{at}.{k}");
            match props.and_then(|p| p.get(k)) {
                Some(sub) => self.check(sub, v, &path, Some(k), errs),
                None => match s.get("additionalProperties") {
                    Some(Value::Bool(false)) => errs.push(format!("{path}: not allowed")),
                    Some(sub @ Value::Object(_)) => self.check(sub, v, &path, Some(k), errs),
                    _ => {}
                },
            }
        }
    }
}

fn check_string(s: &Value, text: &str, at: &str, errs: &mut Vec<String>) {
    let len = text.chars().count() as u64;
    if let Some(max) = s.get("maxLength").and_then(Value::as_u64)
        && len > max
    {
        errs.push(format!("{at}: length {len} > maxLength {max}"));
    }
    if let Some(min) = s.get("minLength").and_then(Value::as_u64)
        && len < min
    {
        errs.push(format!("{at}: length {len} < minLength {min}"));
    }
    if let Some(p) = s.get("pattern").and_then(Value::as_str) {
        match regex::Regex::new(p) {
            Ok(re) if !re.is_match(text) => errs.push(format!("{at}: '{text}' !~ /{p}/")),
            _ => {}
        }
    }
}

fn type_ok(t: &str, v: &Value) -> bool {
    match t {
        "null" => v.is_null(),
        "boolean" => v.is_boolean(),
        "string" => v.is_string(),
        // JSON Schema: an integer is any number with a zero fractional part (poise sends 1.0).
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|x| x.fract() == 0.0),
        "number" => v.is_number(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        _ => true,
    }
}

/// Whether a concrete path fits an OpenAPI template ("{x}" matches one segment).
fn matches(template: &str, path: &str) -> bool {
    let t: Vec<&str> = template.trim_matches('/').split('/').collect();
    let p: Vec<&str> = path.trim_matches('/').split('/').collect();
    t.len() == p.len()
        && t.iter()
            .zip(&p)
            .all(|(t, p)| (t.starts_with('{') && !p.is_empty()) || t == p)
}
