// jhalt's live agent: the requests that read the JVM's memory (objects,
// arrays, statics, locals, strings, classes, monitors) and the handles
// that name objects (see agent_internal.h, wire.h).
#include <cstring>

#include "agent_internal.h"

namespace jhalt_agent {

void Session::release() {
  if (!thread_class_) {
    jclass k = jni_->FindClass("java/lang/Thread");
    if (k) thread_class_ = static_cast<jclass>(jni_->NewGlobalRef(k));
    if (jni_->ExceptionCheck()) jni_->ExceptionClear();
  }
  for (jobject& h : handles_) {
    if (!h || (thread_class_ && jni_->IsInstanceOf(h, thread_class_))) continue;
    bool suspended = false;
    for (jobject t : suspended_) suspended |= jni_->IsSameObject(t, h) == JNI_TRUE;
    if (suspended) continue;
    if (held_.can_tag_objects) g.jvmti->SetTag(h, 0);
    jni_->DeleteGlobalRef(h);
    h = nullptr;
  }
}

uint64_t Session::handleOf(jobject obj) {
  if (!obj) return 0;
  jlong tag = 0;
  if (held_.can_tag_objects && g.jvmti->GetTag(obj, &tag) == JVMTI_ERROR_NONE && tag > 0 &&
      static_cast<size_t>(tag) <= handles_.size() && handles_[tag - 1] && jni_->IsSameObject(obj, handles_[tag - 1]))
    return static_cast<uint64_t>(tag);
  if (!held_.can_tag_objects)
    for (size_t k = 0; k < handles_.size(); ++k)
      if (handles_[k] && jni_->IsSameObject(obj, handles_[k])) return k + 1;
  if (handles_.size() >= wire::kMaxHandles) return 0;
  jobject ref = jni_->NewGlobalRef(obj);
  if (!ref) return 0;
  handles_.push_back(ref);
  if (held_.can_tag_objects) g.jvmti->SetTag(obj, static_cast<jlong>(handles_.size()));
  return handles_.size();
}

std::string Session::classSignature(jclass k) {
  char* sig = nullptr;
  std::string s;
  if (g.jvmti->GetClassSignature(k, &sig, nullptr) == JVMTI_ERROR_NONE && sig) s = sig;
  deallocate(sig);
  return s;
}

void Session::putObject(Writer& w, jobject obj) {
  if (!obj) {
    w.u8('L');
    w.u64(0);
    return;
  }
  uint64_t h = handleOf(obj);
  if (h == 0) {  // the handle table is full
    w.u8('E');
    w.u32(JVMTI_ERROR_OUT_OF_MEMORY);
    return;
  }
  w.u8('L');
  w.u64(h);
  jclass k = jni_->GetObjectClass(obj);
  w.str(classSignature(k));
  jni_->DeleteLocalRef(k);
}

void Session::putValue(Writer& w, char kind, jvalue v) {
  switch (kind) {
    case 'Z': w.u8('Z'); w.i32(v.z); break;
    case 'B': w.u8('B'); w.i32(v.b); break;
    case 'C': w.u8('C'); w.i32(v.c); break;
    case 'S': w.u8('S'); w.i32(v.s); break;
    case 'I': w.u8('I'); w.i32(v.i); break;
    case 'J': w.u8('J'); w.i64(v.j); break;
    case 'F': {
      uint32_t bits;
      std::memcpy(&bits, &v.f, 4);
      w.u8('F');
      w.u32(bits);
      break;
    }
    case 'D': {
      uint64_t bits;
      std::memcpy(&bits, &v.d, 8);
      w.u8('D');
      w.u64(bits);
      break;
    }
    default: putObject(w, v.l); break;
  }
}

jclass Session::findClass(const std::string& sig) {
  if (!classes_loaded_) {
    classes_loaded_ = true;
    jint n = 0;
    jclass* ks = nullptr;
    if (g.jvmti->GetLoadedClasses(&n, &ks) != JVMTI_ERROR_NONE) return nullptr;
    for (jint i = 0; i < n; ++i) {
      std::string s = classSignature(ks[i]);
      auto it = class_cache_.find(s);
      if (it == class_cache_.end()) {
        class_cache_[s] = static_cast<jclass>(jni_->NewGlobalRef(ks[i]));
      } else if (it->second) {
        // Defined by several class loaders: ambiguous by name.
        jni_->DeleteGlobalRef(it->second);
        it->second = nullptr;
      }
      jni_->DeleteLocalRef(ks[i]);
    }
    deallocate(ks);
  }
  auto it = class_cache_.find(sig);
  return it == class_cache_.end() ? nullptr : it->second;
}

bool Session::locals(Reader& r, Writer& out, std::string& error) {
  jobject t = objectOf(r.u64());
  auto depth = static_cast<jint>(r.u32());
  uint32_t n = r.u32();
  if (!t) {
    error = "no such thread handle";
    return false;
  }
  if (!held_.can_access_local_variables) {
    error = "local variables need the agent loaded at JVM start";
    return false;
  }
  out.u32(n);
  for (uint32_t k = 0; k < n && r.ok(); ++k) {
    jint slot = r.u16();
    char kind = static_cast<char>(r.u8());
    jvalue v{};
    jvmtiError e = JVMTI_ERROR_ILLEGAL_ARGUMENT;
    auto th = static_cast<jthread>(t);
    switch (kind) {
      case 'I': e = g.jvmti->GetLocalInt(th, depth, slot, &v.i); break;
      case 'J': e = g.jvmti->GetLocalLong(th, depth, slot, &v.j); break;
      case 'F': e = g.jvmti->GetLocalFloat(th, depth, slot, &v.f); break;
      case 'D': e = g.jvmti->GetLocalDouble(th, depth, slot, &v.d); break;
      case 'L': e = g.jvmti->GetLocalObject(th, depth, slot, &v.l); break;
      default: break;
    }
    if (e != JVMTI_ERROR_NONE) {
      out.u8('E');
      out.u32(static_cast<uint32_t>(e));
      continue;
    }
    putValue(out, kind, v);
    if (kind == 'L' && v.l) jni_->DeleteLocalRef(v.l);
  }
  return true;
}

jvalue readField(JNIEnv* jni, jobject obj, jfieldID f, char kind) {
  jvalue v{};
  switch (kind) {
    case 'Z': v.z = jni->GetBooleanField(obj, f); break;
    case 'B': v.b = jni->GetByteField(obj, f); break;
    case 'C': v.c = jni->GetCharField(obj, f); break;
    case 'S': v.s = jni->GetShortField(obj, f); break;
    case 'I': v.i = jni->GetIntField(obj, f); break;
    case 'J': v.j = jni->GetLongField(obj, f); break;
    case 'F': v.f = jni->GetFloatField(obj, f); break;
    case 'D': v.d = jni->GetDoubleField(obj, f); break;
    default: v.l = jni->GetObjectField(obj, f); break;
  }
  return v;
}

jvalue readStatic(JNIEnv* jni, jclass k, jfieldID f, char kind) {
  jvalue v{};
  switch (kind) {
    case 'Z': v.z = jni->GetStaticBooleanField(k, f); break;
    case 'B': v.b = jni->GetStaticByteField(k, f); break;
    case 'C': v.c = jni->GetStaticCharField(k, f); break;
    case 'S': v.s = jni->GetStaticShortField(k, f); break;
    case 'I': v.i = jni->GetStaticIntField(k, f); break;
    case 'J': v.j = jni->GetStaticLongField(k, f); break;
    case 'F': v.f = jni->GetStaticFloatField(k, f); break;
    case 'D': v.d = jni->GetStaticDoubleField(k, f); break;
    default: v.l = jni->GetStaticObjectField(k, f); break;
  }
  return v;
}

bool Session::object(Reader& r, Writer& out, std::string& error) {
  jobject obj = objectOf(r.u64());
  if (!obj) {
    error = "no such object handle";
    return false;
  }
  jclass k = jni_->GetObjectClass(obj);
  out.str(classSignature(k));
  Writer fields;
  uint32_t count = 0;
  for (jclass c = k; c;) {
    jint n = 0;
    jfieldID* fs = nullptr;
    std::string owner = classSignature(c);
    if (g.jvmti->GetClassFields(c, &n, &fs) == JVMTI_ERROR_NONE) {
      for (jint i = 0; i < n; ++i) {
        jint mods = 0;
        g.jvmti->GetFieldModifiers(c, fs[i], &mods);
        if (mods & 0x0008) continue;  // static
        char *name = nullptr, *sig = nullptr;
        g.jvmti->GetFieldName(c, fs[i], &name, &sig, nullptr);
        char kind = sig ? sig[0] : 'L';
        fields.str(owner);
        fields.str(name ? name : "");
        fields.str(sig ? sig : "");
        fields.u8((mods & 0x0010) ? 1 : 0);
        jvalue v = readField(jni_, obj, fs[i], kind);
        putValue(fields, kind, v);
        if ((kind == 'L' || kind == '[') && v.l) jni_->DeleteLocalRef(v.l);
        deallocate(name);
        deallocate(sig);
        ++count;
      }
      deallocate(fs);
    }
    jclass super = jni_->GetSuperclass(c);
    jni_->DeleteLocalRef(c);
    c = super;
  }
  out.u32(count);
  out.bytes() += fields.bytes();
  return true;
}

bool Session::array(Reader& r, Writer& out, std::string& error) {
  jobject obj = objectOf(r.u64());
  uint32_t from = r.u32(), count = r.u32();
  if (!obj) {
    error = "no such object handle";
    return false;
  }
  jclass k = jni_->GetObjectClass(obj);
  std::string sig = classSignature(k);
  jni_->DeleteLocalRef(k);
  if (sig.size() < 2 || sig[0] != '[') {
    error = "not an array";
    return false;
  }
  auto arr = static_cast<jarray>(obj);
  uint32_t length = static_cast<uint32_t>(jni_->GetArrayLength(arr));
  if (from > length) from = length;
  if (count > length - from) count = length - from;
  if (count > wire::kMaxArrayChunk) count = wire::kMaxArrayChunk;
  out.str(sig);
  out.u32(length);
  out.u32(count);
  char kind = sig[1];
  auto f = static_cast<jsize>(from), n = static_cast<jsize>(count);
  std::vector<jvalue> vs(count);
  switch (kind) {
    case 'Z': { std::vector<jboolean> b(count); jni_->GetBooleanArrayRegion(static_cast<jbooleanArray>(arr), f, n, b.data()); for (uint32_t i = 0; i < count; ++i) vs[i].z = b[i]; break; }
    case 'B': { std::vector<jbyte> b(count); jni_->GetByteArrayRegion(static_cast<jbyteArray>(arr), f, n, b.data()); for (uint32_t i = 0; i < count; ++i) vs[i].b = b[i]; break; }
    case 'C': { std::vector<jchar> b(count); jni_->GetCharArrayRegion(static_cast<jcharArray>(arr), f, n, b.data()); for (uint32_t i = 0; i < count; ++i) vs[i].c = b[i]; break; }
    case 'S': { std::vector<jshort> b(count); jni_->GetShortArrayRegion(static_cast<jshortArray>(arr), f, n, b.data()); for (uint32_t i = 0; i < count; ++i) vs[i].s = b[i]; break; }
    case 'I': { std::vector<jint> b(count); jni_->GetIntArrayRegion(static_cast<jintArray>(arr), f, n, b.data()); for (uint32_t i = 0; i < count; ++i) vs[i].i = b[i]; break; }
    case 'J': { std::vector<jlong> b(count); jni_->GetLongArrayRegion(static_cast<jlongArray>(arr), f, n, b.data()); for (uint32_t i = 0; i < count; ++i) vs[i].j = b[i]; break; }
    case 'F': { std::vector<jfloat> b(count); jni_->GetFloatArrayRegion(static_cast<jfloatArray>(arr), f, n, b.data()); for (uint32_t i = 0; i < count; ++i) vs[i].f = b[i]; break; }
    case 'D': { std::vector<jdouble> b(count); jni_->GetDoubleArrayRegion(static_cast<jdoubleArray>(arr), f, n, b.data()); for (uint32_t i = 0; i < count; ++i) vs[i].d = b[i]; break; }
    default: break;
  }
  for (uint32_t i = 0; i < count; ++i) {
    if (kind == 'L' || kind == '[') {
      jobject e = jni_->GetObjectArrayElement(static_cast<jobjectArray>(arr), static_cast<jsize>(from + i));
      putObject(out, e);
      if (e) jni_->DeleteLocalRef(e);
    } else {
      putValue(out, kind, vs[i]);
    }
  }
  return true;
}

bool Session::staticField(Reader& r, Writer& out, std::string& error) {
  std::string csig = r.str(), name = r.str(), desc = r.str();
  if (!r.ok()) {
    error = "malformed request";
    return false;
  }
  jclass k = findClass(csig);
  out.u8(k ? 1 : 0);
  jint status = 0;
  if (k) g.jvmti->GetClassStatus(k, &status);
  out.u32(static_cast<uint32_t>(status));
  jfieldID found = nullptr;
  if (k && (status & JVMTI_CLASS_STATUS_PREPARED)) {
    // JVMTI lookup: JNI's GetStaticFieldID would initialize the class.
    jint n = 0;
    jfieldID* fs = nullptr;
    if (g.jvmti->GetClassFields(k, &n, &fs) == JVMTI_ERROR_NONE) {
      for (jint i = 0; i < n && !found; ++i) {
        char *fname = nullptr, *fsig = nullptr;
        jint mods = 0;
        g.jvmti->GetFieldModifiers(k, fs[i], &mods);
        g.jvmti->GetFieldName(k, fs[i], &fname, &fsig, nullptr);
        if ((mods & 0x0008) && fname && fsig && name == fname && desc == fsig) found = fs[i];
        deallocate(fname);
        deallocate(fsig);
      }
      deallocate(fs);
    }
  }
  out.u8(found ? 1 : 0);
  if (found) {
    char kind = desc.empty() ? 'L' : desc[0];
    jvalue v = readStatic(jni_, k, found, kind);
    putValue(out, kind, v);
    if ((kind == 'L' || kind == '[') && v.l) jni_->DeleteLocalRef(v.l);
  }
  return true;
}

bool Session::classes(Writer& out, std::string& error) {
  jint n = 0;
  jclass* ks = nullptr;
  if (failed(g.jvmti->GetLoadedClasses(&n, &ks), "GetLoadedClasses", error)) return false;
  out.u32(static_cast<uint32_t>(n));
  for (jint i = 0; i < n; ++i) {
    jint status = 0;
    g.jvmti->GetClassStatus(ks[i], &status);
    out.str(classSignature(ks[i]));
    out.u32(static_cast<uint32_t>(status));
    jni_->DeleteLocalRef(ks[i]);
  }
  deallocate(ks);
  return true;
}

bool Session::string(Reader& r, Writer& out, std::string& error) {
  jobject obj = objectOf(r.u64());
  if (!obj) {
    error = "no such object handle";
    return false;
  }
  auto s = static_cast<jstring>(obj);
  jsize n = jni_->GetStringLength(s);
  if (static_cast<uint32_t>(n) > wire::kMaxStringUnits) {
    error = "string too long";
    return false;
  }
  std::vector<jchar> units(static_cast<size_t>(n));
  jni_->GetStringRegion(s, 0, n, units.data());
  out.u32(static_cast<uint32_t>(n));
  for (jchar c : units) out.u16(c);
  return true;
}

bool Session::monitor(Reader& r, Writer& out, std::string& error) {
  jobject obj = objectOf(r.u64());
  if (!obj) {
    error = "no such object handle";
    return false;
  }
  jvmtiMonitorUsage u{};
  if (failed(g.jvmti->GetObjectMonitorUsage(obj, &u), "GetObjectMonitorUsage", error)) return false;
  out.u64(handleOf(u.owner));
  out.u32(static_cast<uint32_t>(u.entry_count));
  out.u32(static_cast<uint32_t>(u.waiter_count));
  for (jint i = 0; i < u.waiter_count; ++i) out.u64(handleOf(u.waiters[i]));
  out.u32(static_cast<uint32_t>(u.notify_waiter_count));
  for (jint i = 0; i < u.notify_waiter_count; ++i) out.u64(handleOf(u.notify_waiters[i]));
  if (u.owner) jni_->DeleteLocalRef(u.owner);
  for (jint i = 0; i < u.waiter_count; ++i) jni_->DeleteLocalRef(u.waiters[i]);
  for (jint i = 0; i < u.notify_waiter_count; ++i) jni_->DeleteLocalRef(u.notify_waiters[i]);
  deallocate(u.waiters);
  deallocate(u.notify_waiters);
  return true;
}

bool Session::methodCode(Reader& r, Writer& out, std::string& error) {
  std::string sig = r.str(), name = r.str(), desc = r.str();
  if (!r.ok()) {
    error = "malformed request";
    return false;
  }
  jclass k = findClass(sig);
  jint n = 0;
  jmethodID* ms = nullptr;
  jmethodID found = nullptr;
  if (k && g.jvmti->GetClassMethods(k, &n, &ms) == JVMTI_ERROR_NONE) {
    for (jint i = 0; i < n && !found; ++i) {
      char *mname = nullptr, *msig = nullptr;
      g.jvmti->GetMethodName(ms[i], &mname, &msig, nullptr);
      if (mname && msig && name == mname && desc == msig) found = ms[i];
      deallocate(mname);
      deallocate(msig);
    }
    deallocate(ms);
  }
  out.u8(found ? 1 : 0);
  if (!found) return true;
  jint len = 0;
  unsigned char* code = nullptr;
  if (failed(g.jvmti->GetBytecodes(found, &len, &code), "GetBytecodes", error)) return false;
  out.u32(static_cast<uint32_t>(len));
  out.bytes().append(reinterpret_cast<const char*>(code), static_cast<size_t>(len));
  deallocate(code);
  return true;
}

}  // namespace jhalt_agent
