// A vector that keeps its first N elements inside itself: the answers' short lists (a
// score's items and payers) cost no allocation, and a longer list still works (it moves to
// the heap, as std::vector would).
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace qianmj {

template <class T, std::size_t N>
class InlineVector {
  static_assert(N > 0);

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = const T&;
  using pointer = T*;
  using const_pointer = const T*;
  using iterator = T*;
  using const_iterator = const T*;

  // User-provided, so that value-initialization (T()) does not zero the inline storage first.
  InlineVector() noexcept {}  // NOLINT(modernize-use-equals-default)
  InlineVector(std::initializer_list<T> init) { append(init.begin(), init.end()); }
  template <std::input_iterator It>
  InlineVector(It first, It last) {
    append(first, last);
  }
  InlineVector(const InlineVector& o) { append(o.begin(), o.end()); }
  InlineVector(InlineVector&& o) noexcept(std::is_nothrow_move_constructible_v<T>) {
    take(std::move(o));
  }
  InlineVector& operator=(const InlineVector& o) {
    if (this != &o) {
      clear();
      append(o.begin(), o.end());
    }
    return *this;
  }
  InlineVector& operator=(InlineVector&& o) noexcept(std::is_nothrow_move_constructible_v<T>) {
    if (this != &o) {
      clear();
      release();
      take(std::move(o));
    }
    return *this;
  }
  InlineVector& operator=(std::initializer_list<T> init) {
    clear();
    append(init.begin(), init.end());
    return *this;
  }
  ~InlineVector() {
    clear();
    release();
  }

  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return capacity_; }
  bool empty() const noexcept { return size_ == 0; }
  T* begin() noexcept { return data_; }
  T* end() noexcept { return data_ + size_; }
  const T* begin() const noexcept { return data_; }
  const T* end() const noexcept { return data_ + size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T& at(std::size_t i) {
    if (i >= size_) throw std::out_of_range("qianmj::InlineVector::at");
    return data_[i];
  }
  const T& at(std::size_t i) const { return const_cast<InlineVector*>(this)->at(i); }
  T& front() { return data_[0]; }
  const T& front() const { return data_[0]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }

  void reserve(std::size_t n) {
    if (n > capacity_) grow(n);
  }
  void push_back(const T& v) { emplace_back(v); }
  void push_back(T&& v) { emplace_back(std::move(v)); }
  template <class... Args>
  T& emplace_back(Args&&... args) {
    if (size_ == capacity_) {
      T v(std::forward<Args>(args)...);  // args may point into this vector
      grow(capacity_ * 2);
      return *std::construct_at(data_ + size_++, std::move(v));
    }
    return *std::construct_at(data_ + size_++, std::forward<Args>(args)...);
  }
  // A default-initialized element at the end (`new T`, not `T()`): a class's default member
  // initializers run, and nothing else is zeroed first. GCC zeroes the whole of an aggregate
  // built from a short braced list (Payer{role, count}: 504 bytes, its inline items too).
  T& emplace_back_for_overwrite() {
    if (size_ == capacity_) grow(capacity_ * 2);
    return *::new (static_cast<void*>(data_ + size_++)) T;
  }
  void pop_back() { std::destroy_at(data_ + --size_); }
  void clear() noexcept {
    std::destroy(data_, data_ + size_);
    size_ = 0;
  }
  template <std::input_iterator It>
  void append(It first, It last) {
    if constexpr (std::forward_iterator<It>) reserve(size_ + std::distance(first, last));
    for (; first != last; ++first) emplace_back(*first);
  }

  friend bool operator==(const InlineVector& a, const InlineVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  T* inline_data() noexcept { return std::launder(reinterpret_cast<T*>(inline_)); }
  bool on_heap() const noexcept { return capacity_ > N; }
  void release() noexcept {
    if (on_heap()) ::operator delete (data_, std::align_val_t{alignof(T)});
    data_ = inline_data();
    capacity_ = N;
  }
  void grow(std::size_t n) {
    T* bigger = static_cast<T*>(::operator new (n * sizeof(T), std::align_val_t{alignof(T)}));
    std::uninitialized_move(data_, data_ + size_, bigger);
    std::destroy(data_, data_ + size_);
    if (on_heap()) ::operator delete (data_, std::align_val_t{alignof(T)});
    data_ = bigger;
    capacity_ = n;
  }
  // Takes o's elements (its heap block, or each inline element moved); o is left empty.
  void take(InlineVector&& o) {
    if (o.on_heap()) {
      data_ = o.data_, size_ = o.size_, capacity_ = o.capacity_;
      o.data_ = o.inline_data(), o.size_ = 0, o.capacity_ = N;
      return;
    }
    std::uninitialized_move(o.begin(), o.end(), data_);
    size_ = o.size_;
    o.clear();
  }

  alignas(T) unsigned char inline_[N * sizeof(T)];
  T* data_ = inline_data();
  std::size_t size_ = 0;
  std::size_t capacity_ = N;
};

}  // namespace qianmj
